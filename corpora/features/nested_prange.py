"""A prange over rows with a serial loop over columns: per-row reductions."""
import numpy as np
from numba import njit, prange


# caramba: runas row_norms(np.random.rand(N2, N2), np.zeros(N2))
@njit(parallel=True)
def row_norms(a, out):
    for i in prange(a.shape[0]):
        s = 0.0
        for j in range(a.shape[1]):
            s += a[i, j] * a[i, j]
        out[i] = np.sqrt(s)
