"""The same small kernels under the decorator options people copy from the Numba docs.

fastmath=True on a sum and a dot product, cache=True, nogil=True (a kernel meant for threads),
boundscheck=True, error_model="numpy" (division by zero gives inf instead of raising), jit with
nopython and parallel given as keywords together, inline="always" helpers, and a numba.jit with
forceobj=False spelled out.
"""
import math
import numpy as np
import numba
from numba import jit, njit, prange


# caramba: runas fast_sum(rng.random(N))
@njit(fastmath=True)
def fast_sum(x):
    s = 0.0
    for i in range(x.size):
        s += x[i]
    return s


# caramba: runas fast_norm(rng.random((N, 3)))
@njit(fastmath=True, parallel=True)
def fast_norm(v):
    out = np.empty(v.shape[0])
    for i in prange(v.shape[0]):
        out[i] = math.sqrt(v[i, 0] ** 2 + v[i, 1] ** 2 + v[i, 2] ** 2)
    return out


# caramba: runas cached_poly(rng.random(N))
@njit(cache=True)
def cached_poly(x):
    y = np.empty_like(x)
    for i in range(len(x)):
        y[i] = 3.0 * x[i] ** 3 - 2.0 * x[i] + 1.0
    return y


# caramba: runas nogil_scale(rng.random(N), 2.5)
@jit(nopython=True, nogil=True)
def nogil_scale(x, a):
    for i in range(x.shape[0]):
        x[i] *= a
    return x


# caramba: runas checked_gather(rng.random(N), rng.integers(0, N, N))
@njit(boundscheck=True)
def checked_gather(x, idx):
    out = np.empty(idx.shape[0])
    for i in range(idx.shape[0]):
        out[i] = x[idx[i]]
    return out


# caramba: runas safe_ratio(rng.random(N), np.where(rng.random(N) < 0.1, 0.0, rng.random(N)))
@njit(error_model="numpy")
def safe_ratio(a, b):
    out = np.empty_like(a)
    for i in range(a.shape[0]):
        out[i] = a[i] / b[i]
    return out


@njit(inline="always")
def sq(x):
    return x * x


# caramba: runas inlined_energy(rng.random(N))
@numba.njit(inline="always", cache=True, nogil=True)
def inlined_energy(v):
    e = 0.0
    for x in v:
        e += 0.5 * sq(x)
    return e


# caramba: runas parallel_jit_keywords(rng.random((N, 4)))
@jit(nopython=True, parallel=True, fastmath=True, nogil=True, cache=False)
def parallel_jit_keywords(a):
    rows = np.zeros(a.shape[0])
    for i in prange(a.shape[0]):
        acc = 0.0
        for j in range(a.shape[1]):
            acc += a[i, j]
        rows[i] = acc
    return rows


# caramba: runas explicit_nopython(rng.random(N))
@numba.jit(nopython=True, forceobj=False, looplift=False)
def explicit_nopython(x):
    m = x[0]
    for v in x:
        if v > m:
            m = v
    return m


if __name__ == "__main__":
    x = np.random.rand(50)
    print(fast_sum(x), fast_norm(np.random.rand(4, 3)), cached_poly(x)[:2], nogil_scale(x.copy(), 2.0)[:2])
    print(checked_gather(x, np.arange(5)), safe_ratio(np.ones(3), np.array([1.0, 0.0, 2.0])))
    print(inlined_energy(x), parallel_jit_keywords(np.random.rand(3, 4)), explicit_nopython(x))
