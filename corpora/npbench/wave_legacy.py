"""1-D and 2-D wave equations in the legacy style: module-level physical
constants, three time levels rotated by tuple assignment, explicit loops for
the interior, and boundary conditions written with NumPy helpers."""
import numpy as np
from numba import njit

C = 1.0
L = 1.0
CFL = 0.9


# caramba: runas wave1d(np.sin(np.linspace(0, np.pi, N)), 50)
@njit
def wave1d(u0, nsteps):
    n = u0.shape[0]
    dx = L / (n - 1)
    dt = CFL * dx / C
    r2 = (C * dt / dx) ** 2
    u_prev = u0.copy()
    u = u0.copy()
    u_next = np.zeros_like(u0)
    for t in range(nsteps):
        for i in range(1, n - 1):
            u_next[i] = 2.0 * u[i] - u_prev[i] + r2 * (u[i + 1] - 2.0 * u[i] + u[i - 1])
        u_next[0] = 0.0
        u_next[-1] = 0.0
        u_prev, u, u_next = u, u_next, u_prev
    return u


# caramba: sizes N=400,40000
# caramba: runas wave2d(np.outer(np.sin(np.linspace(0, np.pi, N2)), np.sin(np.linspace(0, np.pi, N2))), 20)
@njit
def wave2d(u0, nsteps):
    nx, ny = u0.shape
    h = L / (nx - 1)
    dt = 0.5 * h / C
    r2 = (C * dt / h) ** 2
    u_prev = u0.copy()
    u = u0.copy()
    energy = np.zeros(nsteps)
    for t in range(nsteps):
        u_next = np.zeros_like(u)
        for i in range(1, nx - 1):
            for j in range(1, ny - 1):
                lap = u[i + 1, j] + u[i - 1, j] + u[i, j + 1] + u[i, j - 1] - 4.0 * u[i, j]
                u_next[i, j] = 2.0 * u[i, j] - u_prev[i, j] + r2 * lap
        energy[t] = np.sum(np.abs(u_next - u))
        u_prev = u
        u = u_next
    return u, energy
