"""A min reduction with the min() builtin inside a prange loop."""
import numpy as np
from numba import njit, prange


# caramba: runas smallest(np.random.randn(N))
@njit(parallel=True)
def smallest(a):
    m = np.inf
    for i in prange(a.shape[0]):
        m = min(m, a[i])
    return m
