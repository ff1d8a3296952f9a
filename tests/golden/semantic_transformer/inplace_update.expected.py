# An in-place update: parallel_for over the prange, arrays written through
# (a Jacobi step: reads u, writes u_new, so iterations are independent).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_relax(tid, u, u_new, f, h: pk.double):
    i: pk.int64 = 1 + tid
    u_new[i] = 0.5 * (u[i - 1] + u[i + 1] - h * h * f[i])  # expect: CRB501


def relax(u, u_new, f, h):
    if u_new.dtype == bool:
        raise TypeError("'relax': 'u_new' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (u_new.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, len(range(1, int(u.shape[0]) - 1))), _pk_relax,
        u=pk.array(u),
        u_new=pk.array(u_new),
        f=pk.array(f),
        h=h)
