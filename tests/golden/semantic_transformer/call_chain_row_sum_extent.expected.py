# Helpers that read the length of the array they are given (`v.shape[0]`,
# `len(v)`): upstream PyKokkos rejects extent() inside a @pk.function, so the
# calling workunit passes the extents as int parameters, and a helper that
# passes its array on passes the extent on too.
import numpy as np
from numba import njit, prange
import pykokkos as pk
import math


@pk.function
def _pk_fn_sum_squares(v: pk.View1D[pk.double], _pk_v_extent0: pk.int64) -> pk.double:
    # expect: CRB132
    s: pk.double = 0.0
    for j in range(_pk_v_extent0):
        s += v[j] * v[j]
    return s


@njit
def sum_squares(v):  # expect: CRB132
    s = 0.0
    for j in range(v.extent(0)):
        s += v[j] * v[j]
    return s


@pk.function
def _pk_fn_last(v: pk.View1D[pk.double], _pk_v_extent0: pk.int64) -> pk.double:
    # expect: CRB140
    return v[int(_pk_v_extent0) - 1]


@njit
def last(v):  # expect: CRB140
    return v[int(v.extent(0)) - 1]


@pk.function
def _pk_fn_last_over_norm(v: pk.View1D[pk.double], _pk_v_extent0: pk.int64) -> pk.double:
    # expect: CRB140
    return _pk_fn_last(v, _pk_v_extent0) / math.sqrt(_pk_fn_sum_squares(v, _pk_v_extent0))


@njit
def last_over_norm(v):  # expect: CRB140
    return last(v) / np.sqrt(sum_squares(v))


@pk.workunit
def _pk_row_norms(tid, m: pk.View2D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    _pk_sv0 = m[i, :]
    out[i] = math.sqrt(_pk_fn_sum_squares(_pk_sv0, _pk_sv0.extent(0)))


def row_norms(m, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, m.shape[0]), _pk_row_norms,
        m=pk.array(m),
        out=pk.array(out))


@pk.workunit
def _pk_tail_ratio(tid, m: pk.View2D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    _pk_sv1: pk.int64 = 1
    if _pk_sv1 > int(m.extent(1)):
        _pk_sv1 = int(m.extent(1))
    _pk_sv2: pk.int64 = m.extent(1)
    if _pk_sv2 < _pk_sv1:
        _pk_sv2 = _pk_sv1
    _pk_sv0 = m[i, _pk_sv1:_pk_sv2]
    out[i] = _pk_fn_last_over_norm(_pk_sv0, _pk_sv0.extent(0))


def tail_ratio(m, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, m.shape[0]), _pk_tail_ratio,
        m=pk.array(m),
        out=pk.array(out))
