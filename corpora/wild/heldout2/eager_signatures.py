"""Kernels compiled eagerly from signatures, the style of older code bases and of library authors.

String signatures ("float64(float64[:])"), signature objects built from numba types, lists of
several signatures (int and float versions), C-contiguous array types ("float64[:, ::1]"), void
return types for in-place kernels, int32 arguments, and a signature with a UniTuple return.
"""
import numpy as np
from numba import njit, jit, float64, int32, int64, void, types


# caramba: runas mean_sig(rng.random(N))
@njit("float64(float64[:])")
def mean_sig(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
    return s / x.shape[0]


# caramba: runas total_multi(rng.integers(-50, 50, N))
# caramba: runas total_multi(rng.random(N))
@njit(["int64(int64[:])", "float64(float64[:])"])
def total_multi(x):
    s = x[0] - x[0]
    for v in x:
        s += v
    return s


# caramba: runas rowsum_contig(rng.random((N2, N2)))
@njit(float64[:](float64[:, ::1]))
def rowsum_contig(a):
    out = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[i] += a[i, j]
    return out


# caramba: runas axpy_void(2.0, rng.random(N), rng.random(N))
@jit(void(float64, float64[:], float64[:]), nopython=True)
def axpy_void(a, x, y):
    for i in range(x.shape[0]):
        y[i] += a * x[i]


# caramba: runas clamp_int32(rng.integers(-1000, 1000, N).astype(np.int32), np.int32(-100), np.int32(100))
@njit(int32[:](int32[:], int32, int32))
def clamp_int32(x, lo, hi):
    out = np.empty_like(x)
    for i in range(x.size):
        v = x[i]
        if v < lo:
            v = lo
        elif v > hi:
            v = hi
        out[i] = v
    return out


# caramba: runas min_max(rng.standard_normal(N))
@njit(types.UniTuple(float64, 2)(float64[:]))
def min_max(x):
    lo = x[0]
    hi = x[0]
    for v in x[1:]:
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    return lo, hi


# caramba: runas count_above(rng.random(N), 0.5)
@njit("int64(float64[:], float64)", cache=True)
def count_above(x, t):
    c = 0
    for v in x:
        if v > t:
            c += 1
    return c


# caramba: runas scale_inplace_2d(rng.random((N2, N2)), 0.5)
@njit("void(f8[:,:], f8)")
def scale_inplace_2d(a, f):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] *= f


if __name__ == "__main__":
    x = np.random.rand(20)
    print(mean_sig(x), total_multi(np.arange(10)), total_multi(x), rowsum_contig(np.ones((3, 3))))
    y = np.zeros(20)
    axpy_void(2.0, x, y)
    print(y[:2], clamp_int32(np.arange(-5, 5, dtype=np.int32), np.int32(-2), np.int32(2)), min_max(x))
    a = np.ones((3, 3))
    scale_inplace_2d(a, 0.5)
    print(count_above(x, 0.5), a[0])
