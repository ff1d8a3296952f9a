# A prange map: parallel_for, nothing to report.
import numpy as np
from numba import njit, prange


@njit("void(float64[:], float64[:])", parallel=True)
def double(a, b):
    for i in prange(a.shape[0]):
        b[i] = 2.0 * a[i]
