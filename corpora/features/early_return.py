"""An early return from inside a loop, with a sentinel when nothing is found."""
import numpy as np
from numba import njit


# caramba: runas first_above(np.random.rand(N), 0.999)
# caramba: runas first_above(np.random.rand(N), 2.0)
@njit
def first_above(a, threshold):
    for i in range(a.shape[0]):
        if a[i] > threshold:
            return i
    return -1
