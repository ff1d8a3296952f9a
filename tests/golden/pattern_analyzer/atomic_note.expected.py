import numpy as np
from numba import njit, prange


@njit("float64(float64[:])", parallel=True)
def peak(a):
    m = a[0]
    for i in prange(a.shape[0]):  # expect: CRB405
        m = max(m, a[i])
    return m
