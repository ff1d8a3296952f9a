"""Helpers that return from every branch of an if/else (or an elif chain)
instead of ending with a return, called from kernels: a piecewise function
and a classifier, written the way tutorials write them."""
import numpy as np
from numba import njit, prange


# caramba: runas piecewise(0.3)
@njit
def piecewise(x):
    if x < -1.0:
        return -1.0
    elif x > 1.0:
        return 1.0
    else:
        return x * (1.5 - 0.5 * x * x)


@njit
def bucket(v, lo, hi):
    if v < lo:
        return 0
    else:
        if v < hi:
            return 1
        else:
            return 2


# caramba: runas soft_clip(np.random.rand(N) * 4.0 - 2.0, np.zeros(N))
@njit(parallel=True)
def soft_clip(a, out):
    for i in prange(a.shape[0]):
        out[i] = piecewise(a[i])


# caramba: runas count_buckets(np.random.rand(N), 0.25, 0.75, np.zeros(3, dtype=np.int64))
@njit
def count_buckets(a, lo, hi, counts):
    for i in range(a.shape[0]):
        counts[bucket(a[i], lo, hi)] += 1
