# A user's program, as it would sit in their own project: a prange kernel and
# a reduction, NumPy arrays in and out.
import numpy as np
from numba import njit, prange

# caramba: sizes N=200
# caramba: runas smooth(np.random.rand(N), np.empty(N))
# caramba: runas total_energy(np.random.rand(N), 0.5)


@njit(parallel=True)
def smooth(x, out):
    n = x.shape[0]
    for i in prange(1, n - 1):
        out[i] = 0.25 * x[i - 1] + 0.5 * x[i] + 0.25 * x[i + 1]
    out[0] = x[0]
    out[n - 1] = x[n - 1]


@njit
def total_energy(v, mass):
    e = 0.0
    for i in range(v.shape[0]):
        e += 0.5 * mass * v[i] * v[i]
    return e
