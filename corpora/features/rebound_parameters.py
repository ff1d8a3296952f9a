"""Time loops that rebind their array parameters, the way tutorials write
them: the new field becomes the old one by `u = u_new.copy()`, by binding the
name to the copy made in the step (`u = un`), or by swapping two arrays
(`a, b = b, a`), and scalar parameters that change from step to step. Numba
rebinds the local name only (the caller's arrays keep what the kernel wrote
into them); the host program does the same."""
import numpy as np
from numba import njit


# 1-D heat equation, explicit Euler ("12 steps"-style).
# caramba: runas heat_1d(np.random.rand(N), 0.25, 20)
@njit
def heat_1d(u, alpha, nt):
    n = u.shape[0]
    u_new = np.zeros(n)
    for step in range(nt):
        for i in range(1, n - 1):
            u_new[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])
        u = u_new.copy()
    return u


# Jacobi relaxation: each sweep reads the old grid and writes a fresh copy.
# caramba: sizes N2=10,120
# caramba: runas relax(np.random.rand(N2, N2), 15)
@njit
def relax(grid, sweeps):
    for s in range(sweeps):
        new_grid = grid.copy()
        for i in range(1, grid.shape[0] - 1):
            for j in range(1, grid.shape[1] - 1):
                new_grid[i, j] = (grid[i - 1, j] + grid[i + 1, j] + grid[i, j - 1] + grid[i, j + 1]) / 4.0
        grid = new_grid
    return grid


# Two buffers that trade places after every step: both are the caller's.
# caramba: runas smooth_pingpong(np.random.rand(N), np.zeros(N), 9)
@njit
def smooth_pingpong(src, dst, steps):
    for t in range(steps):
        for i in range(1, src.shape[0] - 1):
            dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0
        src, dst = dst, src
    return src


# A scalar parameter counted down inside the loop: the host counts, each
# sweep reads the step's value.
# caramba: runas decay(np.random.rand(N), 6)
@njit
def decay(x, k):
    for t in range(k):
        for i in range(x.shape[0]):
            x[i] = 0.5 * x[i] + k
        k = k - 1
    return x


# A time step halved after every step (an int would become a float: Numba
# types `dt` float64 from the start, so it is passed as one).
# caramba: runas damped(np.random.rand(N), 0.8, 5)
@njit
def damped(v, dt, steps):
    for s in range(steps):
        for i in range(v.shape[0]):
            v[i] = v[i] * (1.0 - dt)
        dt *= 0.5
    return v
