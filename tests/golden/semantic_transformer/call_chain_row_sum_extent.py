# Helpers that read the length of the array they are given (`v.shape[0]`,
# `len(v)`): upstream PyKokkos rejects extent() inside a @pk.function, so the
# calling workunit passes the extents as int parameters, and a helper that
# passes its array on passes the extent on too.
import numpy as np
from numba import njit, prange


@njit
def sum_squares(v):  # expect: CRB132
    s = 0.0
    for j in range(v.shape[0]):
        s += v[j] * v[j]
    return s


@njit
def last(v):  # expect: CRB140
    return v[len(v) - 1]


@njit
def last_over_norm(v):  # expect: CRB140
    return last(v) / np.sqrt(sum_squares(v))


@njit("void(float64[:, :], float64[:])", parallel=True)
def row_norms(m, out):
    for i in prange(m.shape[0]):
        out[i] = np.sqrt(sum_squares(m[i]))


@njit("void(float64[:, :], float64[:])", parallel=True)
def tail_ratio(m, out):
    for i in prange(m.shape[0]):
        out[i] = last_over_norm(m[i, 1:])
