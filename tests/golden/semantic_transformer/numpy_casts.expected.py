# np.float64(x) and np.int64(x) casts: pk.double(x), and an int64 declaration
# (C++ conversion truncates toward zero like NumPy).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_casts(tid, x: pk.View1D[pk.double], k: pk.View1D[pk.int64]):
    i: pk.int64 = tid
    j: pk.int64 = x[i] * 3.0
    _pk_t0: pk.int64 = x[i]
    k[i] = j + _pk_t0
    x[i] = pk.double(k[i]) / 2.0


def casts(x, k):
    _pk_space = pk.Serial if np.may_share_memory(x, k) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, x.shape[0]), _pk_casts,
        x=pk.array(x),
        k=pk.array(k))
