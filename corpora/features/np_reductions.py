"""NumPy reductions inside kernels over arrays, slices and element-wise
expressions (issue 5): np.sum, np.prod, np.mean, np.max, np.min, np.dot of
vectors, np.linalg.norm, the a.sum() method; lowered to accumulator loops."""
import numpy as np
from numba import njit


# caramba: runas stats(np.random.rand(N))
@njit
def stats(a):
    return np.mean(a) + np.max(a) - np.min(a[1:])


# caramba: runas norm_diff(np.random.rand(N), np.random.rand(N))
@njit("float64(float64[:], float64[:])")
def norm_diff(a, b):
    return np.linalg.norm(a - b)


# caramba: runas inner(np.random.rand(N2, N2), np.random.rand(N2))
@njit("float64(float64[:, :], float64[:])")
def inner(m, v):
    # The signature gives v's rank: only np.dot uses it (else CRB204).
    s = 0.0
    for i in range(m.shape[0]):
        s += np.dot(m[i, :], v)
    return s


# caramba: runas total2d(np.random.rand(N2, N2))
@njit
def total2d(a):
    return a.sum() + np.sum(a[1:, 1:] * 2.0)


# caramba: runas product(np.random.rand(N) * 0.1 + 0.95)
@njit
def product(a):
    return np.prod(a[:20])


# caramba: runas energy(np.random.rand(N), 3.0)
@njit("float64(float64[:], float64)")
def energy(x, k):
    return 0.5 * k * np.sum(x * x)
