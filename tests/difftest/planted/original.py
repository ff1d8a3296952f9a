"""The Numba original that the planted translations get compared with."""
import numpy as np
from numba import njit, prange


# caramba: runas total(np.random.rand(N))
@njit
def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


# caramba: runas axpy(2.0, np.random.rand(N), np.random.rand(N))
@njit(parallel=True)
def axpy(alpha, x, y):
    for i in prange(x.shape[0]):
        y[i] = alpha * x[i] + y[i]


# caramba: runas doubled(np.random.rand(N))
@njit
def doubled(a):
    out = np.empty_like(a)
    for i in range(a.shape[0]):
        out[i] = 2.0 * a[i]
    return out


# caramba: runas count_positive(np.random.randn(N))
@njit
def count_positive(a):
    c = 0
    for i in range(a.shape[0]):
        if a[i] > 0:
            c += 1
    return c
