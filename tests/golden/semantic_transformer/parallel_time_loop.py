# A serial (time) loop whose body is only a parallel loop runs in the caller,
# one dispatch per step; the step variable is passed to the workunit.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def relax(a, steps):
    for t in range(steps):
        for i in prange(a.shape[0]):
            a[i] = 0.5 * a[i] + t


@njit
def repeat_scale(a, steps):
    for it in range(steps):
        for i in range(a.shape[0]):
            a[i] = 0.5 * a[i] + 1.0


@njit(parallel=True)
def heat(u, v, alpha, steps):
    n = u.shape[0]
    for s in range(steps):
        for i in prange(1, n - 1):
            v[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])
    return v
