"""float32 arrays stay float32 (and so does the output)."""
import numpy as np
from numba import njit, prange


# caramba: runas axpy32(np.float32(0.5), np.random.rand(N).astype(np.float32), np.random.rand(N).astype(np.float32))
@njit(parallel=True)
def axpy32(alpha, x, y):
    for i in prange(x.shape[0]):
        y[i] = alpha * x[i] + y[i]
