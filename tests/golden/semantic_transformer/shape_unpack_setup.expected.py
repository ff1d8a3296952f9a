# Regression (corpora/apps/heat.py heat_step): `n, m = u.shape` before the
# prange loop is scalar set-up, repeated in the workunit and, where the policy
# needs it, in the caller.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_heat_step(tid, u: pk.View2D[pk.double], u_new: pk.View2D[pk.double], alpha: pk.double):
    n: pk.int64 = u.extent(0)
    m: pk.int64 = u.extent(1)
    i: pk.int64 = 1 + tid
    for j in range(1, m - 1):
        u_new[i][j] = u[i][j] + alpha * (u[i - 1][j] + u[i + 1][j] - 2.0 * u[i][j])


def heat_step(u, u_new, alpha):
    n = u.shape[0]
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, len(range(1, n - 1))), _pk_heat_step,
        u=pk.array(u),
        u_new=pk.array(u_new),
        alpha=alpha)
