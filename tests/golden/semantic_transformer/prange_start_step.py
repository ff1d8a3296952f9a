import numpy as np
from numba import njit, prange


@njit("void(float64[:], int64)", parallel=True)
def every_other(a, start):
    for i in prange(start, a.shape[0], 2):
        a[i] = a[i] * 2.0
