"""Examples in the style of the Numba documentation's "5 minute guide" and performance tips.

go_fast (a trace of tanh plus the array), the prange reduction example, the parallel loop with a
data-dependent branch, fastmath sums, and an explicit-loop ufunc replacement with np.empty_like.
"""
import numpy as np
from numba import jit, njit, prange


@jit(nopython=True)
def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace


@njit(parallel=True)
def prange_test(A):
    s = 0
    for i in prange(A.shape[0]):
        s += A[i]
    return s


@njit(parallel=True)
def two_d_array_reduction_prod(n):
    shp = (13, 17)
    result1 = 2 * np.ones(shp, np.int_)
    tmp = 2 * np.ones_like(result1)
    for i in prange(n):
        result1 *= tmp
    return result1


# caramba: runas do_sum_parallel(np.arange(N, dtype=np.float64))
@njit(parallel=True)
def do_sum_parallel(A):
    n = len(A)
    acc = 0.0
    for i in prange(n):
        acc += np.sqrt(A[i])
    return acc


# caramba: runas do_sum_fast(np.arange(N, dtype=np.float64))
@njit(fastmath=True)
def do_sum_fast(A):
    acc = 0.0
    for x in A:
        acc += np.sqrt(x)
    return acc


# caramba: runas ident_loops(np.arange(N, dtype=np.float64))
@njit
def ident_loops(x):
    r = np.empty_like(x)
    n = len(x)
    for i in range(n):
        r[i] = np.cos(x[i]) ** 2 + np.sin(x[i]) ** 2
    return r


# caramba: runas branchy(np.random.randn(N))
@njit(parallel=True)
def branchy(x):
    out = np.empty_like(x)
    for i in prange(x.shape[0]):
        if x[i] > 0:
            out[i] = np.log1p(x[i])
        else:
            out[i] = -np.expm1(x[i])
    return out


if __name__ == "__main__":
    x = np.arange(100).reshape(10, 10)
    print(go_fast(x))
    print(prange_test(np.arange(10)))
    print(two_d_array_reduction_prod(3))
