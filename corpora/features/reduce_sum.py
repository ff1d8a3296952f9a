"""A sum reduction over a prange loop (Numba recognises `+=` as a reduction)."""
import numpy as np
from numba import njit, prange


# caramba: runas dot_sum(np.random.rand(N), np.random.rand(N))
@njit(parallel=True)
def dot_sum(a, b):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i] * b[i]
    return s
