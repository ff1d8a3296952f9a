# A max or min written as a conditional expression inside prange is not a
# reduction in Numba (the iterations race on the variable, or the parfor pass
# fails to compile it): refused, with the max()/min() form to write instead,
# which is a reduction (an atomic update, run as a Kokkos reduction by
# pykokkos_rt). Other conditional updates keep the generic refusal.
import numpy as np
from numba import njit, prange


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


@njit("float64(float64[:], float64[:])", parallel=True)
def largest_gap(a, b):
    m = 0.0
    for i in prange(a.shape[0]):  # expect: CRB405
        d = abs(a[i] - b[i])
        m = max(m, d)
    return m
