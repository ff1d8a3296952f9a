"""A loop-carried dependence: an inclusive prefix sum must stay serial."""
import numpy as np
from numba import njit


# caramba: runas prefix_sum(np.random.rand(N), np.zeros(N))
@njit
def prefix_sum(a, out):
    acc = 0.0
    for i in range(a.shape[0]):
        acc += a[i]
        out[i] = acc
