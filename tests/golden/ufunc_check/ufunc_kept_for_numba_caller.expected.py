# The whole pipeline: `scale` translates and kernels call its element
# helper; `shift` is called by a kernel that stays Numba code (it prints), so
# it stays Numba code too, and CRB101 says why.
import numpy as np
from numba import njit, vectorize


import numba
import pykokkos as pk


class _pk_ufunc:
    """A @vectorize ufunc translated by Caramba: called as Numba's ufunc is.

    Each signature is an element-wise kernel over flat arrays. As NumPy 1.x does for a Numba ufunc, a call
    takes the first signature that every operand's dtype casts to safely (a Python float is a float64, an
    int an int64), broadcasts the operands, and returns a scalar for scalar operands. The ufunc's methods
    (reduce, accumulate, outer, at) are not translated.
    """

    def __init__(self, name, nin, loops):
        self.__name__ = name
        self.nin = nin
        self.nout = 1
        self.nargs = nin + 1
        self._loops = loops
        self.types = ["".join(np.dtype(t).char for t in ins) + "->" + np.dtype(res).char for ins, res, _ in loops]

    def __call__(self, *args, out=None):
        if len(args) == self.nin + 1 and out is None:
            args, out = args[:-1], args[-1]
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nin + 1} positional arguments but "
                            f"{len(args)} were given")
        ops = [np.asarray(a) for a in args]
        for ins, res, kernel in self._loops:
            if all(np.can_cast(a.dtype, t, "safe") for a, t in zip(ops, ins)):
                break
        else:
            raise TypeError(f"ufunc '{self.__name__}' not supported for the input types, and the inputs could not "
                            "be safely coerced to any supported types according to the casting rule ''safe''")
        res = np.dtype(res)
        if out is not None:
            if not isinstance(out, np.ndarray):
                raise TypeError("return arrays must be of ArrayType")
            if not np.can_cast(res, out.dtype, "same_kind"):
                raise TypeError(f"Cannot cast ufunc '{self.__name__}' output from {res!r} to {out.dtype!r} with "
                                "casting rule 'same_kind'")
        shape = np.broadcast_shapes(*(a.shape for a in ops), *(() if out is None else (out.shape,)))
        if out is not None and shape != out.shape:
            raise ValueError(f"non-broadcastable output operand with shape {out.shape} doesn't match the broadcast "
                             f"shape {shape}")
        flat = [np.ascontiguousarray(np.broadcast_to(a, shape), dtype=t).reshape(-1) for a, t in zip(ops, ins)]
        direct = out is not None and out.dtype == res and out.flags.c_contiguous
        result = out if direct else np.empty(shape, res)
        if result.size:
            kernel(*flat, result.reshape(-1))
        if out is None:
            return result[()] if not shape else result
        if not direct:
            out[...] = result
        return out

    def __getattr__(self, method):
        if method in ("reduce", "accumulate", "reduceat", "outer", "at"):
            raise TypeError(f"{self.__name__}.{method} is not translated: Caramba translates calls of the ufunc "
                            "only; keep the @vectorize function as Numba code (# caramba: keep) to use it")
        raise AttributeError(method)


@pk.function
def _pk_fn_scale_float64_element(x: pk.double, k: pk.double) -> pk.double:
    return x * k


def scale_float64_element(x, k):
    return float(_pk_fn_scale_float64_element(float(x), float(k)))


@pk.workunit
def _pk_scale_float64(tid, x: pk.View1D[pk.double], k: pk.View1D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = _pk_fn_scale_float64_element(x[i], k[i])


def scale_float64(x, k, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, out.shape[0]), _pk_scale_float64,
        x=pk.array(x),
        k=pk.array(k),
        out=pk.array(out))


# The ufunc: picks the signature for its operands and runs its kernel.
scale = _pk_ufunc("scale", 2, [
    ((np.float64, np.float64), np.float64, scale_float64),
])


@vectorize(["float64(float64)"])  # expect: CRB101
def shift(x):
    return x + 1.0


@pk.workunit
def _pk_scaled_sum(tid, acc: pk.Acc[pk.double], x, k: pk.double):
    s: pk.double = 0.0
    for i in range(x.extent(0)):
        s += _pk_fn_scale_float64_element(x[i], k)
    acc += s


def scaled_sum(x, k):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_scaled_sum, x=pk.array(x), k=k)


@njit
def show(x):
    for i in range(x.shape[0]):
        print(shift(x[i]))  # expect: CRB111
