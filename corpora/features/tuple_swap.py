"""Tuple assignment: an in-place reversal by swaps."""
import numpy as np
from numba import njit


# caramba: runas reverse(np.random.rand(N))
# caramba: runas reverse(np.random.rand(7))
@njit
def reverse(a):
    n = a.shape[0]
    for i in range(n // 2):
        a[i], a[n - 1 - i] = a[n - 1 - i], a[i]
