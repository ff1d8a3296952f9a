"""Chained comparisons (lo < x <= hi)."""
import numpy as np
from numba import njit


# caramba: runas count_between(np.random.randn(N), -0.5, 0.5)
@njit
def count_between(a, lo, hi):
    c = 0
    for i in range(a.shape[0]):
        if lo < a[i] <= hi:
            c += 1
    return c
