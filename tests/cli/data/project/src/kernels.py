# A small simulation package, written the way its authors write Numba.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def relax(u, out, alpha):
    n = u.shape[0]
    for i in prange(1, n - 1):
        out[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])


# Reads records one at a time: stays on Numba.
@njit  # caramba: keep
def records(buf):
    for i in range(buf.shape[0]):
        yield buf[i]
