# Regression (corpora/apps/heat.py heat_step): `n, m = u.shape` before the
# prange loop is scalar set-up, repeated in the workunit and, where the policy
# needs it, in the caller.
import numpy as np
from numba import njit, prange


@njit("void(float64[:, :], float64[:, :], float64)", parallel=True)
def heat_step(u, u_new, alpha):
    n, m = u.shape
    for i in prange(1, n - 1):
        for j in range(1, m - 1):
            u_new[i, j] = u[i, j] + alpha * (u[i - 1, j] + u[i + 1, j] - 2.0 * u[i, j])
