"""Laplace solvers in the style of public Numba code: Jacobi with slices, Jacobi with loops,
Gauss-Seidel (in place, must stay serial), and the residual.
"""
import numpy as np
from numba import njit

# caramba: sizes N=64,4096


# caramba: runas jacobi_slices(np.random.rand(N2, N2), 5)
@njit
def jacobi_slices(u, iters):
    for it in range(iters):
        u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    return u


# caramba: runas jacobi_sweep(np.random.rand(N2, N2), np.zeros((N2, N2)))
@njit
def jacobi_sweep(u, v):
    n, m = u.shape
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            v[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])


# caramba: runas gauss_seidel(np.random.rand(N2, N2))
@njit
def gauss_seidel(u):
    n, m = u.shape
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            u[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])


# caramba: runas residual(np.random.rand(N2, N2))
@njit
def residual(u):
    n, m = u.shape
    r = 0.0
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            d = 4.0 * u[i, j] - u[i - 1, j] - u[i + 1, j] - u[i, j - 1] - u[i, j + 1]
            r = max(r, abs(d))
    return r
