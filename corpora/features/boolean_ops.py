"""Mixed and/or/not: (a or b) and c must keep its parentheses."""
import numpy as np
from numba import njit


# caramba: runas select(np.random.rand(N), np.random.rand(N), np.zeros(N, dtype=np.int64))
@njit
def select(a, b, out):
    for i in range(a.shape[0]):
        if (a[i] < 0.2 or b[i] > 0.7) and not a[i] > 0.9:
            out[i] = 1
        else:
            out[i] = 0
