"""2-D indexing: a transpose into an output array."""
import numpy as np
from numba import njit, prange


# caramba: runas transpose(np.random.rand(N2, N2 + 3), np.zeros((N2 + 3, N2)))
@njit(parallel=True)
def transpose(a, out):
    for i in prange(a.shape[0]):
        for j in range(a.shape[1]):
            out[j, i] = a[i, j]
