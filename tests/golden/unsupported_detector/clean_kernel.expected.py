# A kernel without unsupported constructs: no diagnostics, text unchanged.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def axpy(y, a, x):
    for i in prange(y.shape[0]):
        y[i] = a * x[i] + y[i]
