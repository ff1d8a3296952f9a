"""Parallel max, min and product reductions, as tutorials and solvers write them:
error norms of a solution, the nearest point, a probability product, the first
index of a value, a range, and a pairwise (triangular) loop."""
import numpy as np
from numba import njit, prange


# caramba: runas max_abs_error(np.random.randn(N), np.random.randn(N))
@njit(parallel=True)
def max_abs_error(u, v):
    err = 0.0
    for i in prange(u.shape[0]):
        err = max(err, abs(u[i] - v[i]))
    return err


# caramba: runas max_norm(np.random.randn(N))
@njit(parallel=True)
def max_norm(u):
    norm = 0.0
    for i in prange(u.shape[0]):
        norm = max(norm, abs(u[i]))
    return norm


# caramba: runas nearest_distance(np.random.rand(N), np.random.rand(N), 0.5, 0.5)
@njit(parallel=True)
def nearest_distance(x, y, px, py):
    best = np.inf
    for i in prange(x.shape[0]):
        d2 = (x[i] - px) ** 2 + (y[i] - py) ** 2
        best = min(best, d2)
    return np.sqrt(best)


# caramba: runas likelihood(0.999 + np.random.rand(N) * 0.002)
@njit(parallel=True)
def likelihood(p):
    prod = 1.0
    for i in prange(p.shape[0]):
        prod *= p[i]
    return prod


# caramba: runas first_index_of(np.random.randint(0, 50, N), 7)
@njit(parallel=True)
def first_index_of(a, value):
    first = a.shape[0]
    for i in prange(a.shape[0]):
        if a[i] == value:
            first = min(first, i)
    return first


# caramba: runas coldest(np.random.randn(N) * 10.0)
@njit(parallel=True)
def coldest(t):
    lo = t[0]
    for i in prange(t.shape[0]):
        lo = min(lo, t[i])
    return lo


# caramba: runas int_range(np.random.randint(-1000, 1000, N))
@njit(parallel=True)
def int_range(a):
    hi = a[0]
    for i in prange(a.shape[0]):
        hi = max(hi, a[i])
    lo = a[0]
    for i in prange(a.shape[0]):
        lo = min(lo, a[i])
    return hi - lo


# caramba: runas closest_pair(np.random.rand(N // 100 + 2), np.random.rand(N // 100 + 2))
@njit(parallel=True)
def closest_pair(x, y):
    n = x.shape[0]
    best = np.inf
    for i in prange(n):
        for j in range(i + 1, n):
            d = (x[i] - x[j]) ** 2 + (y[i] - y[j]) ** 2
            best = min(best, d)
    return np.sqrt(best)
