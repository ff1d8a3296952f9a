import numpy as np
from numba import njit, prange


@njit("void(float64[:], int64)", parallel=True)
def from_start(a, start):
    for i in prange(start, a.shape[0]):
        a[i] = a[i] * 2.0
