# np.float64(x) and np.int64(x) casts: pk.double(x), and an int64 declaration
# (C++ conversion truncates toward zero like NumPy).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_casts(tid, x: pk.View1D[pk.double], k: pk.View1D[pk.int64]):
    for i in range(x.extent(0)):
        j: pk.int64 = x[i] * 3.0
        _pk_t0: pk.int64 = x[i]
        k[i] = j + _pk_t0
        x[i] = pk.double(k[i]) / 2.0


def casts(x, k):
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_casts, x=pk.array(x), k=pk.array(k))
