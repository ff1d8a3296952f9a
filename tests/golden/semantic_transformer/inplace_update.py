# An in-place update: parallel_for over the prange, arrays written through
# (a Jacobi step: reads u, writes u_new, so iterations are independent).
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def relax(u, u_new, f, h):
    for i in prange(1, u.shape[0] - 1):
        u_new[i] = 0.5 * (u[i - 1] + u[i + 1] - h * h * f[i])  # expect: CRB501
