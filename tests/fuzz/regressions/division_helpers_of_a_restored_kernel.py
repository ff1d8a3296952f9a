"""Kernels that are several loops in a row: the translation is a host program
that runs the scalar statements, allocates the arrays and dispatches one
parallel loop per phase (time loops stay on the host; adjacent loops over the
same range that touch the same elements run as one loop)."""
import math

import numpy as np
from numba import njit


# NPBench-style Jacobi: two sweeps per time step, the host runs the steps.
# caramba: runas jacobi_1d(8, np.random.rand(N), np.random.rand(N))
@njit
def jacobi_1d(tsteps, A, B):
    for t in range(1, tsteps):
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])


# Tutorial-style: normalise a vector, a reduction phase then a map phase.
# caramba: runas normalize(np.random.rand(N))
@njit
def normalize(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i]
    norm = math.sqrt(s)
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] / norm
    return out


# Legacy-style: centre the columns of a matrix and return both results.
# caramba: runas center_columns(np.random.rand(N2, N2))
@njit
def center_columns(data):
    n, m = data.shape
    mean = np.zeros(m)
    for j in range(m):
        for i in range(n):
            mean[j] += data[i, j]
    for j in range(m):
        mean[j] /= n
    centered = np.empty((n, m))
    for i in range(n):
        for j in range(m):
            centered[i, j] = data[i, j] - mean[j]
    return centered, mean


# Two loops over the same range fuse into one parallel loop.
# caramba: runas axpy_then_scale(2.0, np.random.rand(N), np.random.rand(N), np.zeros(N))
@njit
def axpy_then_scale(alpha, x, y, out):
    n = x.shape[0]
    for i in range(n):
        out[i] = alpha * x[i] + y[i]
    for i in range(n):
        out[i] = out[i] * 0.5


# A loop that needs the previous element stays serial (its own phase on the
# Serial space); the map after it runs in parallel.
# caramba: runas prefix_then_scale(np.random.rand(N))
@njit
def prefix_then_scale(a):
    n = a.shape[0]
    c = np.empty(n)
    c[0] = a[0]
    for i in range(1, n):
        c[i] = c[i - 1] + a[i]
    total = c[n - 1]
    for i in range(n):
        c[i] = c[i] / total
    return c


# An energy that converges: a while loop on the host around two phases.
# caramba: runas relax_until(np.random.rand(N), 1e-3)
@njit
def relax_until(u, tol):
    n = u.shape[0]
    v = np.zeros(n)
    err = 1.0
    for j0 in range(2):
        for j1 in range(3):
            for j2 in range(4):
                t = n // (n - 1) % 3
    it = 0
    while err > tol and it < 50:
        for i in range(1, n - 1):
            v[i] = 0.5 * (u[i - 1] + u[i + 1])
        err = 0.0
        for i in range(1, n - 1):
            err += abs(v[i] - u[i])
        for i in range(1, n - 1):
            u[i] = v[i]
        it += 1
    return it


# A serial loop that computes two 名前 for the return: they come back to the
# host through one-element arrays.
# caramba: runas argmax_abs(np.random.randn(N))
@njit
def argmax_abs(x):
    best = -1
    best_val = -1.0
    for i in range(x.shape[0]):
        if abs(x[i]) > best_val:
            best_val = abs(x[i])
            best = i
    return best, best_val


# Legacy-style time stepping with two buffers swapped on the host each step.
# caramba: runas heat_swap(np.random.rand(N), 5)
@njit(parallel=True, error_model='python')
def heat_swap(u, steps):
    n = u.shape[0]
    a = u.copy()
    b = np.empty_like(u)
    b[0] = a[0]
    b[n - 1] = a[n - 1]
    for t in range(steps):
        for i in range(1, n - 1):
            b[i] = a[i] + 0.25 * (a[i - 1] - 2.0 * a[i] + a[i + 1])
        a, b = b, a
    return a
