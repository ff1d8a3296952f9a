# np.abs, np.minimum and np.maximum of scalars are the builtins abs, min, max.
import numpy as np
from numba import njit, prange
import pykokkos as pk


@pk.workunit
def _pk_clamp(tid, x: pk.View1D[pk.double], k: pk.View1D[pk.int64]):
    i: pk.int64 = tid
    # x[i] = np.minimum(np.maximum(np.abs(x[i]), 0.25), 0.75)
    _pk_np_m0: pk.double = abs(x[i])
    _pk_t0: pk.double = 0.0
    if _pk_np_m0 >= 0.25 or _pk_np_m0 != _pk_np_m0:
        _pk_t0 = _pk_np_m0
    else:
        _pk_t0 = 0.25
    _pk_np_m1: pk.double = (_pk_t0)
    _pk_t1: pk.double = 0.0
    if _pk_np_m1 <= 0.75 or _pk_np_m1 != _pk_np_m1:
        _pk_t1 = _pk_np_m1
    else:
        _pk_t1 = 0.75
    x[i] = (_pk_t1)
    k[i] = abs(k[i] - 3)


def clamp(x, k):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_clamp,
        x=pk.array(x),
        k=pk.array(k))


@njit
def total_abs(a):  # expect: CRB140
    return np.abs(a)  # expect: CRB201
