"""Local names for shapes and small tuples: shape = (n, m), sh = a.shape."""
import numpy as np
from numba import njit


# caramba: runas coordinate_grid(N2, N2 + 3, 0.1)
@njit
def coordinate_grid(n, m, h):
    shape = (n, m)
    x = np.empty(shape)
    for i in range(shape[0]):
        for j in range(shape[1]):
            x[i, j] = h * i + 2.0 * h * j
    return x


# caramba: runas column_sums(np.random.rand(N2, N2 + 1), np.zeros(N2 + 1))
@njit
def column_sums(a, out):
    sh = a.shape
    for j in range(sh[1]):
        s = 0.0
        for i in range(sh[0]):
            s += a[i, j]
        out[j] = s


# caramba: runas cell_volume(np.random.rand(N), 0.5, 0.25)
@njit
def cell_volume(rho, dx, dy):
    spacing = dx, dy
    area = spacing[0] * spacing[1]
    total = 0.0
    for i in range(rho.shape[0]):
        total += rho[i] * area
    return total
