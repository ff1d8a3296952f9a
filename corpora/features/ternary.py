"""Conditional expressions (x if c else y)."""
import numpy as np
from numba import njit, prange


# caramba: runas relu(np.random.randn(N), np.zeros(N))
@njit(parallel=True)
def relu(a, out):
    for i in prange(a.shape[0]):
        out[i] = a[i] if a[i] > 0.0 else 0.01 * a[i]
