"""A max reduction written with an if, serial (no prange)."""
import numpy as np
from numba import njit


# caramba: runas largest(np.random.randn(N))
@njit
def largest(a):
    m = a[0]
    for i in range(1, a.shape[0]):
        if a[i] > m:
            m = a[i]
    return m
