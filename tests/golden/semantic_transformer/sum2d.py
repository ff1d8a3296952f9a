# Thesis snippet 1.1 style: a serial 2-D reduction, run as a single-index
# parallel_reduce whose accumulator receives the returned value.
import numpy as np
from numba import njit


@njit
def sum2d(arr):
    """Sum of all elements."""
    M, N = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            result += arr[i, j]  # expect: CRB501
    return result
