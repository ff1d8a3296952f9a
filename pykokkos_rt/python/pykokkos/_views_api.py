"""The rest of upstream's user-facing view API (pykokkos-api.md §1.2, §1.3,
§1.6): element-wise `==`, subviews of slices, resizing, `from_numpy`, the
enum members as module globals, and the memory space queries. Kept apart
from __init__.py, which holds dispatch and the views' core."""
import numpy as _np

_pk = None  # the package, set by init()


def init(pk):
    global _pk
    _pk = pk
    View = pk.View

    def __eq__(self, other):
        # Upstream's View.__eq__ is element-wise (it launches pk.equal and
        # returns a bool view), so `np.all(view == 1)` checks every element.
        return pk.View._wrap(_np.asarray(self.data == _data(other)), pk.bool)

    def __ne__(self, other):
        return pk.View._wrap(_np.asarray(self.data != _data(other)), pk.bool)

    def __getitem__(self, key):
        # A slice, or a tuple of indices with a slice, is a Subview sharing
        # the parent's memory (upstream's Subview); integers read elements
        # (1-D) or NumPy sub-arrays (N-D) as upstream does.
        r = self.data[key]
        if isinstance(r, _np.ndarray) and _has_slice(key):
            return Subview(self, r)
        return r

    def __float__(self):
        return float(self.data.reshape(-1)[0]) if self.data.size == 1 else float(self.data)

    def __int__(self):
        return int(self.data.reshape(-1)[0]) if self.data.size == 1 else int(self.data)

    def resize(self, dimension, size):
        """Kokkos::resize of one extent: the elements in both shapes are kept,
        new ones are zero."""
        shape = list(self.data.shape)
        shape[dimension] = int(size)
        data = pk._core.allocate(shape, self.dtype.np, self.layout == pk.Layout.LayoutLeft)
        common = tuple(slice(0, min(a, b)) for a, b in zip(self.data.shape, shape))
        data[common] = self.data[common]
        self.data = data

    def set_precision(self, dtype):
        """The view's values converted to another floating-point type (a new allocation)."""
        dtype = pk._dtype_of(dtype)
        data = pk._core.allocate(list(self.data.shape), dtype.np, self.layout == pk.Layout.LayoutLeft)
        data[...] = self.data
        self.data, self.dtype = data, dtype

    View.__eq__, View.__ne__, View.__hash__ = __eq__, __ne__, object.__hash__
    View.__getitem__, View.__float__, View.__int__ = __getitem__, __float__, __int__
    View.resize, View.set_precision = resize, set_precision
    View.ndim = property(lambda self: self.data.ndim)

    class Subview(View):
        """A slice of a view (upstream's pk.Subview): the parent's memory, no copy.
        Kernels take it like a view when it is contiguous."""

        def __init__(self, parent, data):
            self.parent = parent
            self.data = data
            self.dtype = parent.dtype
            self.layout = parent.layout
            self.space = parent.space
            self.trait = pk.Trait.Unmanaged

        def _signature_array(self):
            return self.data

        def _kernel_arg(self, space):
            return self.data

        def _after_kernel(self, space):
            pass

    Subview.__new__ = lambda cls, *args, **kwargs: object.__new__(cls)
    pk.Subview = Subview

    # add_enum_to_globals: every member of these enums is a module global upstream.
    for enum_cls in (pk.ExecutionSpace, pk.MemorySpace, pk.Layout, pk.Trait):
        for member in enum_cls:
            setattr(pk, member.name, member)


def _data(x):
    return x.data if isinstance(x, _pk.View) else x


def _has_slice(key):
    if isinstance(key, (slice, type(Ellipsis))):
        return True
    return isinstance(key, tuple) and any(isinstance(k, (slice, type(Ellipsis))) for k in key)


def from_numpy(array, space=None, layout=None):
    """A view over a NumPy array without copying (upstream's from_numpy; pk.array)."""
    return _pk.array(array, space=space, layout=layout)


from_array = from_numpy


def get_default_memory_space(space):
    """The memory space views of an execution space live in: HostSpace on the host, CudaSpace on Cuda."""
    space = _pk.get_default_space() if space is _pk.ExecutionSpace.Default else space
    return _pk.MemorySpace.CudaSpace if space is _pk.ExecutionSpace.Cuda else _pk.MemorySpace.HostSpace


def is_host_execution_space(space):
    space = _pk.get_default_space() if space is _pk.ExecutionSpace.Default else space
    return space in (_pk.ExecutionSpace.Serial, _pk.ExecutionSpace.OpenMP, _pk.ExecutionSpace.Threads)
