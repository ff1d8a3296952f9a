# This case tests the one-workunit model.
# caramba-options: --no-phases
# a[i, j] -> a[i][j]; shapes, len, size and ndim -> extents; extents inside
# arithmetic are made signed with int() (extent() is unsigned in C++).
import numpy as np
from numba import njit


@njit("float64(float64[:, :], float64[:])")
def measure(a, v):
    n = a.extent(0)
    m = a.extent(1)
    s = 0.0
    for i in range(int(v.extent(0)) - 1):
        s += v[i] * int(a.extent(1)) + a[i][0]
    if (int(a.extent(0)) * int(a.extent(1))) > 2:
        s += int(a.extent(1))
    k = v.extent(0)
    return s + n * m + k
