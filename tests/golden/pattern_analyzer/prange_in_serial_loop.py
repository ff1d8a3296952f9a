import numpy as np
from numba import njit, prange


@njit(parallel=True)
def steps(a, t):
    for s in range(t):
        for i in prange(a.shape[0]):  # expect: CRB402
            a[i] += 1.0
