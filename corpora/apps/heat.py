"""Heat diffusion on a 2-D plate: one explicit step, several steps, total heat."""
import numpy as np
from numba import njit, prange

# caramba: sizes N=16,256


@njit(parallel=True)
def heat_step(u, u_new, alpha):
    n, m = u.shape
    for i in prange(1, n - 1):
        for j in range(1, m - 1):
            u_new[i, j] = u[i, j] + alpha * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j])


@njit
def heat_run(u, alpha, steps):
    a = u.copy()
    b = u.copy()
    for s in range(steps):
        heat_step(a, b, alpha)
        a, b = b, a
    return a


@njit
def total_heat(u):
    s = 0.0
    for i in range(u.shape[0]):
        for j in range(u.shape[1]):
            s += u[i, j]
    return s


# caramba: runas heat_step(np.random.rand(N, N), np.zeros((N, N)), 0.2)
# caramba: runas heat_run(np.random.rand(N, N), 0.2, 10)
# caramba: runas total_heat(np.random.rand(N, N))
