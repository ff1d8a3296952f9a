# A max or min written as a conditional expression inside prange is not a
# reduction in Numba (the iterations race on the variable, or the parfor pass
# fails to compile it): refused, with the max()/min() form to write instead,
# which is a reduction (an atomic update, run as a Kokkos reduction by
# pykokkos_rt). Other conditional updates keep the generic refusal.
import numpy as np
from numba import njit, prange
import pykokkos as pk


@njit("float64(float64[:])", parallel=True)
def largest(a):
    m = -np.inf
    for i in prange(a.shape[0]):
        m = a[i] if a[i] > m else m  # expect: CRB404
    return m


@njit("int64(int64[:])", parallel=True)
def smallest(a):
    m = a[0]
    for i in prange(a.shape[0]):
        m = m if m <= a[i] else a[i]  # expect: CRB404
    return m


@njit("float64(float64[:])", parallel=True)
def not_a_max(a):
    m = 0.0
    for i in prange(a.shape[0]):
        m = a[i] if a[i] > 0.0 else m  # expect: CRB404
    return m


@pk.workunit
def _pk_largest_gap(tid, a: pk.View1D[pk.double], b: pk.View1D[pk.double], _pk_m: pk.View1D[pk.double]):
    i: pk.int64 = tid
    # expect: CRB405
    d: pk.double = abs(a[i] - b[i])
    pk.atomic_fetch_max(_pk_m, [0], d)


def largest_gap(a, b):
    m = 0.0
    _pk_m = np.full(1, m, dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_largest_gap,
        a=pk.array(a),
        b=pk.array(b),
        _pk_m=pk.array(_pk_m))
    m = _pk_m[0].item()
    return m
