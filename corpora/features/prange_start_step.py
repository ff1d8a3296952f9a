"""A prange with a non-zero start and a step: the thread index maps to
start + tid * step, and the caller dispatches len(range(start, stop, step))."""
import numpy as np
from numba import njit, prange


# caramba: runas every_other(np.random.rand(N), 1)
@njit(parallel=True)
def every_other(a, start):
    for i in prange(start, a.shape[0], 2):
        a[i] = a[i] * 2.0
