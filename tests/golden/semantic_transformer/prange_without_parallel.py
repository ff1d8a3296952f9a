# Without parallel=True Numba runs prange as an ordinary range, so the kernel
# stays serial (a loop-carried dependence here would race if it were parallel).
import numpy as np
from numba import njit, prange


@njit("void(float64[:])")
def prefix_sum(a):
    for i in prange(1, a.shape[0]):
        a[i] += a[i - 1]
