# The Numba documentation's ufuncs: each signature becomes an @njit element
# helper of that exact signature and an element-wise kernel over flat arrays,
# the ufunc's name a _pk_ufunc that tries the signatures in their order; the
# kernel's call of the one-signature ufunc calls its element helper.
import math

import numpy as np
from numba import float32, float64, njit, vectorize


import numba


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


@njit("float32(float32, float32)")
def add_float32_element(x, y):
    return x + y


@njit("void(float32[::1], float32[::1], float32[::1])", parallel=True)
def add_float32(x, y, out):
    for i in numba.prange(out.shape[0]):
        out[i] = add_float32_element(x[i], y[i])


@njit("float64(float64, float64)")
def add_float64_element(x, y):
    return x + y


@njit("void(float64[::1], float64[::1], float64[::1])", parallel=True)
def add_float64(x, y, out):
    for i in numba.prange(out.shape[0]):
        out[i] = add_float64_element(x[i], y[i])


# The ufunc: picks the signature for its operands and runs its kernel.
add = _pk_ufunc("add", 2, [
    ((np.float32, np.float32), np.float32, add_float32),
    ((np.float64, np.float64), np.float64, add_float64),
])


@njit("float64(float64)")
def sigmoid_float64_element(x):
    """The logistic function."""
    return 1.0 / (1.0 + math.exp(-x))


@njit("void(float64[::1], float64[::1])", parallel=True)
def sigmoid_float64(x, out):
    for i in numba.prange(out.shape[0]):
        out[i] = sigmoid_float64_element(x[i])


# The ufunc: picks the signature for its operands and runs its kernel.
sigmoid = _pk_ufunc("sigmoid", 1, [
    ((np.float64,), np.float64, sigmoid_float64),
])


@njit
def mean_probability(z):
    s = 0.0
    for i in range(z.shape[0]):
        s += sigmoid_float64_element(z[i])
    return s / z.shape[0]
