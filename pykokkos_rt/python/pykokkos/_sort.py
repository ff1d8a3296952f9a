"""Kokkos::BinSort on the host (upstream's pk.BinSort and pk.BinOp1D/3D,
examples/pykokkos/binsort.py): keys are put into bins, and the permutation
that orders the elements bin by bin sorts any view of the same length.
Within a bin the elements keep their order (Kokkos leaves it unspecified
unless asked to sort within bins)."""
import numpy as _np


def _data(v):
    return v.data if hasattr(v, "data") and isinstance(v.data, _np.ndarray) else _np.asarray(v)


class BinOp1D:
    """BinOp1D([keys,] max_bins, min, max): bin = int(max_bins / (max - min) * (key - min)),
    with one more bin for keys equal to max, as Kokkos does."""

    def __init__(self, *args):
        if len(args) == 4:
            args = args[1:]  # upstream passes the keys' view first (it gives the key type)
        if len(args) != 3:
            raise TypeError("pykokkos: BinOp1D takes ([keys,] max_bins, min, max)")
        max_bins, lo, hi = args
        if not hi > lo:
            raise ValueError("pykokkos: BinOp1D needs max > min")
        self.max_bins = int(max_bins) + 1
        self._mul = 1.0 * int(max_bins) / (hi - lo)
        self._min = lo

    def bins(self, keys):
        return (self._mul * (keys.astype(_np.float64) - self._min)).astype(_np.int64)


class BinOp3D:
    """BinOp3D([keys,] max_bins[3], min[3], max[3]) for keys of shape (n, 3)."""

    def __init__(self, *args):
        if len(args) == 4:
            args = args[1:]
        max_bins, lo, hi = (list(a) for a in args)
        self.max_bins = [int(b) for b in max_bins]
        self._mul = [1.0 * b / (h - l) for b, l, h in zip(self.max_bins, lo, hi)]
        self._min = lo

    def bins(self, keys):
        b = [(self._mul[d] * (keys[:, d].astype(_np.float64) - self._min[d])).astype(_np.int64) for d in range(3)]
        nb = self.max_bins
        return (b[0] * nb[1] + b[1]) * nb[2] + b[2]


class BinSort:
    """BinSort(keys, bin_op[, begin, end]): create_permute_vector(), then sort(view)
    reorders views of the keys' length; get_permute_vector(), get_bin_count()
    and get_bin_offsets() return int32 views."""

    def __init__(self, keys, bin_op, begin=0, end=None, sort_within_bins=False):
        self._keys = keys
        self._op = bin_op
        self._begin = int(begin)
        self._end = len(_data(keys)) if end is None else int(end)
        self._sort_within_bins = sort_within_bins
        self._permute = None

    def create_permute_vector(self):
        from . import View, int32
        keys = _data(self._keys)[self._begin:self._end]
        bins = self._op.bins(keys)
        nbins = int(_np.prod(self._op.max_bins))
        order = _np.lexsort((keys, bins)) if self._sort_within_bins and keys.ndim == 1 else \
            _np.argsort(bins, kind="stable")
        counts = _np.bincount(bins, minlength=nbins)
        self._permute = View._wrap((order + self._begin).astype(_np.int32), int32)
        self._count = View._wrap(counts.astype(_np.int32), int32)
        self._offsets = View._wrap((_np.cumsum(counts) - counts).astype(_np.int32), int32)

    def _check(self):
        if self._permute is None:
            raise RuntimeError("pykokkos: call create_permute_vector() first")

    def sort(self, view, begin=None, end=None):
        self._check()
        a = _data(view)
        a[self._begin:self._end] = a[_np.asarray(self._permute.data)]

    def get_permute_vector(self):
        self._check()
        return self._permute

    def get_bin_count(self):
        self._check()
        return self._count

    def get_bin_offsets(self):
        self._check()
        return self._offsets
