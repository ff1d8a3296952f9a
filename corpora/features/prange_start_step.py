"""A prange with a non-zero start (Numba only accepts step 1 for prange): the
thread index maps to start + tid, and the caller dispatches len(range(start, stop))."""
import numpy as np
from numba import njit, prange


# caramba: runas from_start(np.random.rand(N), 1)
@njit(parallel=True)
def from_start(a, start):
    for i in prange(start, a.shape[0]):
        a[i] = a[i] * 2.0
