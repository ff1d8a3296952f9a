# The kernel allocates and returns an array: the caller allocates it with
# NumPy, passes it as a view and returns it.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_squares(tid, x, out: pk.View1D[pk.double]):
    n: pk.int64 = x.extent(0)
    i: pk.int64 = tid
    out[i] = x[i] * x[i]  # expect: CRB501


def squares(x):
    n = x.shape[0]
    out = np.empty(n, dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, int(n)), _pk_squares,
        x=pk.array(x),
        out=pk.array(out))
    return out


@pk.workunit
def _pk_counts(tid, n: pk.int64, c: pk.View2D[pk.int64]):
    i: pk.int64 = tid
    c[i][0] = i
    c[i][1] = i * i


def counts(n):
    c = np.zeros((n, 2), dtype=np.int64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, int(n)), _pk_counts,
        n=n,
        c=pk.array(c))
    return c
