"""An integer sum: the accumulator and the result stay int64."""
import numpy as np
from numba import njit, prange


# caramba: runas count_even(np.random.randint(0, 1000, N))
@njit(parallel=True)
def count_even(a):
    c = 0
    for i in prange(a.shape[0]):
        if a[i] % 2 == 0:
            c += 1
    return c


# caramba: runas int_total(np.random.randint(-50, 50, N))
@njit
def int_total(a):
    t = 0
    for i in range(a.shape[0]):
        t += a[i]
    return t
