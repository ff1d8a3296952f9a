"""Iterative relaxation solvers ported from Fortran 77, with string eager signatures.

Gauss-Seidel and SOR sweeps for the 2-D Poisson equation that iterate until the largest update
falls under a tolerance (an integer convergence flag, a while loop, an iteration cap), a red-black
ordering with a stepped inner loop, and a residual norm.
"""
import numpy as np
from numba import njit

TOL = 1.0e-6
ITMAX = 500


@njit("float64(float64[:,:], float64[:,:], float64, float64)")
def sor_sweep(u, f, h, omega):
    nx = u.shape[0]
    ny = u.shape[1]
    dmax = 0.0
    for j in range(1, ny - 1):
        for i in range(1, nx - 1):
            unew = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - h * h * f[i, j])
            d = omega * (unew - u[i, j])
            u[i, j] = u[i, j] + d
            if abs(d) > dmax:
                dmax = abs(d)
    return dmax


# caramba: runas solve_poisson(np.zeros((N2, N2)), np.ones((N2, N2)), 1.0 / (N2 - 1), 1.5)
@njit("int64(float64[:,:], float64[:,:], float64, float64)")
def solve_poisson(u, f, h, omega):
    iconv = 0
    it = 0
    while iconv == 0:
        it = it + 1
        dmax = sor_sweep(u, f, h, omega)
        if dmax < TOL:
            iconv = 1
        if it >= ITMAX:
            return -it
    return it


# caramba: runas red_black(np.random.rand(N2, N2), np.zeros((N2, N2)), 0.1, 3)
@njit
def red_black(u, f, h, sweeps):
    nx, ny = u.shape
    for s in range(sweeps):
        for color in range(2):
            for i in range(1, nx - 1):
                start = 1 + (i + color) % 2
                for j in range(start, ny - 1, 2):
                    u[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1]
                                      - h * h * f[i, j])


# caramba: runas residual_norm(np.random.rand(N2, N2), np.random.rand(N2, N2), 0.05)
@njit("float64(float64[:,:], float64[:,:], float64)")
def residual_norm(u, f, h):
    nx, ny = u.shape
    r2 = 0.0
    ih2 = 1.0 / (h * h)
    for i in range(1, nx - 1):
        for j in range(1, ny - 1):
            r = f[i, j] - (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]) * ih2
            r2 += r * r
    return np.sqrt(r2 / ((nx - 2) * (ny - 2)))


if __name__ == "__main__":
    n = 33
    u = np.zeros((n, n))
    print(solve_poisson(u, np.ones((n, n)), 1.0 / (n - 1), 1.8), residual_norm(u, np.ones((n, n)), 1.0 / (n - 1)))
