# An in-place update: parallel_for over the prange, arrays written through.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_relax(tid, u, f, h: pk.double):
    i: pk.int64 = 1 + tid
    u[i] = 0.5 * (u[i - 1] + u[i + 1] - h * h * f[i])  # expect: CRB501


def relax(u, f, h):
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, len(range(1, int(u.shape[0]) - 1))), _pk_relax,
        u=pk.array(u),
        f=pk.array(f),
        h=h)
