# Nothing to rewrite: one index per subscript, no shapes.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def copy(dst, src, n):
    for i in prange(n):
        dst[i] = src[i]
