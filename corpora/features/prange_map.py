"""A parallel map: every iteration of the prange writes its own element."""
import numpy as np
from numba import njit, prange


# caramba: runas scale(np.random.rand(N), np.zeros(N), 2.5)
@njit(parallel=True)
def scale(a, out, s):
    for i in prange(a.shape[0]):
        out[i] = a[i] * s + 1.0
