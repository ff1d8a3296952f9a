"""A serial time loop around a parallel loop (CRB402 before issue 5): the
caller runs the steps, one parallel dispatch each, so every step sees the
previous step's writes as in Numba. A serial kernel whose time loop holds one
independent loop gets the same shape under --parallelize=auto."""
import numpy as np
from numba import njit, prange


# caramba: runas relax(np.random.rand(N), 5)
@njit(parallel=True)
def relax(a, steps):
    for t in range(steps):
        for i in prange(a.shape[0]):
            a[i] = 0.5 * a[i] + t


# caramba: runas jacobi_steps(np.random.rand(N), np.zeros(N), 4)
@njit(parallel=True)
def jacobi_steps(u, v, steps):
    n = u.shape[0]
    for s in range(steps):
        for i in prange(1, n - 1):
            v[i] = 0.5 * (u[i - 1] + u[i + 1])
    return v


# caramba: runas damp(np.random.rand(N2, N2), 0.9, 3)
@njit
def damp(a, factor, steps):
    for s in range(steps):
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                a[i, j] = factor * a[i, j] + 0.1


# Stays serial: each step's loop carries a dependence.
# caramba: runas smooth_steps(np.random.rand(N), 3)
@njit
def smooth_steps(a, steps):
    for s in range(steps):
        for i in range(1, a.shape[0]):
            a[i] = 0.5 * (a[i - 1] + a[i])
