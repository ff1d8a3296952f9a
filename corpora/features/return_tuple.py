"""Returning a tuple of scalars."""
import numpy as np
from numba import njit


# caramba: runas min_max(np.random.randn(N))
@njit
def min_max(a):
    lo = a[0]
    hi = a[0]
    for i in range(1, a.shape[0]):
        if a[i] < lo:
            lo = a[i]
        if a[i] > hi:
            hi = a[i]
    return lo, hi
