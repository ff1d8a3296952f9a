"""Structured-grid sweeps written the way tutorials write them: a gradient
magnitude into an array shaped like the input, Laplace sweeps that copy the
grid each iteration, and a grid built from a shape tuple."""
import numpy as np
from numba import njit


# caramba: sizes N2=12,300
# caramba: runas gradient_norm(np.random.rand(N2, N2))
@njit
def gradient_norm(u):
    g = np.zeros(u.shape)
    for i in range(1, u.shape[0] - 1):
        for j in range(1, u.shape[1] - 1):
            dx = u[i + 1, j] - u[i - 1, j]
            dy = u[i, j + 1] - u[i, j - 1]
            g[i, j] = np.sqrt(dx * dx + dy * dy)
    return g


# caramba: sizes N2=12,100
# caramba: runas laplace_sweeps(np.random.rand(N2, N2), 10)
@njit
def laplace_sweeps(u, iters):
    for it in range(iters):
        unew = u.copy()
        for i in range(1, u.shape[0] - 1):
            for j in range(1, u.shape[1] - 1):
                unew[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
        u = unew
    return u


# caramba: runas coordinate_grid(N2, N2 + 3, 0.1)
@njit
def coordinate_grid(n, m, h):
    shape = (n, m)
    x = np.empty(shape)
    for i in range(n):
        for j in range(m):
            x[i, j] = h * i + 2.0 * h * j
    return x
