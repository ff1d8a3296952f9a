import numpy as np
from numba import njit, prange


# One parallel loop: the one-workunit translation already fits.
@njit(parallel=True)
def scale(a, s):
    for i in prange(a.shape[0]):
        a[i] *= s


# One loop computes two values for later statements: no single phase output.
@njit
def min_max(a):
    lo = a[0]
    hi = a[0]
    for i in range(a.shape[0]):
        lo = min(lo, a[i])
        hi = max(hi, a[i])
    return lo, hi


# Called by another kernel: it must stay a jitted function.
@njit
def fill_twice(a):
    for i in range(a.shape[0]):
        a[i] = 1.0
    for i in range(a.shape[0]):
        a[i] += 1.0


@njit
def caller(a):
    fill_twice(a)
