# This case tests the one-workunit model.
# caramba-options: --no-phases
# a[i, j] -> a[i][j]; shapes, len, size and ndim -> extents; extents inside
# arithmetic are made signed with int() (extent() is unsigned in C++).
import numpy as np
from numba import njit


@njit("float64(float64[:, :], float64[:])")
def measure(a, v):
    n, m = a.shape
    s = 0.0
    for i in range(len(v) - 1):
        s += v[i] * a.shape[1] + a[i, 0]
    if a.size > a.ndim:
        s += a.shape[-1]
    k = len(v)
    return s + n * m + k
