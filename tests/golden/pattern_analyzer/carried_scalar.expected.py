import numpy as np
from numba import njit, prange


@njit(parallel=True)
def running(a):
    last = 0.0
    for i in prange(a.shape[0]):
        a[i] = last
        last = a[i] + 1.0  # expect: CRB404
    return last
