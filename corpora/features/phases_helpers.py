"""Kernels that call jitted helpers which are NumPy programs themselves
(slice updates, allocations, several loops): the kernel's host program calls
the helper's host program, the way NPBench's step functions call their
source-term and pressure solvers. Scalar helpers called inside loops stay
functions the parallel loops call."""
import numpy as np
from numba import njit


def grid(n):
    x = np.linspace(0.0, 1.0, n)
    return np.outer(np.sin(3.0 * x), np.cos(2.0 * x)).copy()


# The source term, written with slices like "12 steps to Navier-Stokes".
# caramba: runas source_term(np.zeros(N), np.random.rand(N), 0.1)
@njit
def source_term(b, u, dx):
    b[1:-1] = (u[2:] - u[:-2]) / (2 * dx)


# caramba: runas diffuse_step(np.random.rand(N), 0.1, 0.01)
@njit
def diffuse_step(u, dx, dt):
    b = np.zeros_like(u)
    source_term(b, u, dx)
    un = u.copy()
    u[1:-1] = un[1:-1] + dt * b[1:-1]


# A helper with its own pseudo-time loop, called by a driver's time loop.
# caramba: runas relax(grid(N2), np.random.rand(N2, N2) * 0.01, 3)
@njit
def relax(p, b, nit):
    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1] - b[1:-1, 1:-1])
        p[:, -1] = p[:, -2]
        p[:, 0] = p[:, 1]


# caramba: runas solve(grid(N2), np.random.rand(N2, N2) * 0.01, 3, 4)
@njit
def solve(p, b, nt, nit):
    for n in range(nt):
        relax(p, b, nit)
        p[0, :] = 0.0


# The same solver written with the buffer allocated once, as legacy code does.
# caramba: runas relax_buffered(grid(N2), np.random.rand(N2, N2) * 0.01, 3)
@njit
def relax_buffered(p, b, nit):
    pn = np.empty_like(p)
    for q in range(nit):
        pn[:] = p
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1] - b[1:-1, 1:-1])
        p[:, -1] = p[:, -2]
        p[:, 0] = p[:, 1]


# caramba: runas solve_buffered(grid(N2), np.random.rand(N2, N2) * 0.01, 3, 4)
@njit
def solve_buffered(p, b, nt, nit):
    for n in range(nt):
        relax_buffered(p, b, nit)
        p[0, :] = 0.0


# Legacy-style: a helper that allocates and returns its result.
# caramba: runas smoothed(np.random.rand(N))
@njit
def smoothed(a):
    out = np.empty_like(a)
    out[0] = a[0]
    out[-1] = a[-1]
    for i in range(1, a.shape[0] - 1):
        out[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0
    return out


# caramba: runas smooth_twice(np.random.rand(N))
@njit
def smooth_twice(a):
    once = smoothed(a)
    return smoothed(once)


# A scalar helper inside the loop stays a function the loop calls.
# caramba: runas clip(1.5, 0.0, 1.0)
@njit
def clip(x, lo, hi):
    return min(max(x, lo), hi)


# caramba: runas clipped_step(np.random.rand(N) * 2.0 - 0.5, 0.1)
@njit
def clipped_step(u, dx):
    b = np.zeros_like(u)
    source_term(b, u, dx)
    for i in range(u.shape[0]):
        u[i] = clip(u[i] + 0.01 * b[i], 0.0, 1.0)


# Legacy-style: the length of the update is read from the data, so its shape
# check runs on the host, after that read.
# caramba: runas head_scale(np.random.rand(N), np.zeros(N))
@njit
def head_scale(a, b):
    k = int(a[0] * 10.0)
    b[:k] = a[:k] * 2.0
