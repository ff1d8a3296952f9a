"""Negative indices wrap around: a[-1] is the last element, a[i - 1] at i = 0 too."""
import numpy as np
from numba import njit


# caramba: runas span(np.random.rand(N))
@njit
def span(a):
    return a[-1] - a[0] + a[-2]


# caramba: runas cyclic_diff(np.random.rand(N), np.zeros(N))
@njit
def cyclic_diff(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i] - a[i - 1]
