"""star and star2: 2-D star stencils (thesis chapter 4, stencil_numba.py).

Written from the thesis's description: `star` applies a radius-1 five-point
star stencil with explicit loops over the interior; `star2` applies a radius-2
star by updating slices of the output array, one slice update per stencil
point ("updates slices of an array iteratively").
"""
import numpy as np
from numba import njit


# caramba: runas star(np.random.rand(N2, N2), np.zeros((N2, N2)))
@njit
def star(a, b):
    n = a.shape[0]
    m = a.shape[1]
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            b[i, j] = 0.5 * a[i, j] + 0.125 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


# caramba: runas star2(np.random.rand(N2, N2), np.zeros((N2, N2)))
@njit
def star2(a, b):
    n = a.shape[0]
    m = a.shape[1]
    b[2:n - 2, 2:m - 2] += 0.4 * a[2:n - 2, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[1:n - 3, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[3:n - 1, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 1:m - 3]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 3:m - 1]
    b[2:n - 2, 2:m - 2] += 0.05 * a[0:n - 4, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.05 * a[4:n, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 0:m - 4]
    b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 4:m]
