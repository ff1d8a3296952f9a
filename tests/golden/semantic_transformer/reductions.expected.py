# Max, min and product reductions go through atomics on a one-element array
# (sums are the only native PyKokkos reduction); an integer sum is a typed acc.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_largest(tid, a: pk.View1D[pk.double], _pk_m: pk.View1D[pk.double]):
    i: pk.int64 = tid
    # expect: CRB405
    pk.atomic_fetch_max(_pk_m, [0], a[i])


def largest(a):
    m = -np.inf
    _pk_m = np.full(1, m, dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_largest,
        a=pk.array(a),
        _pk_m=pk.array(_pk_m))
    m = _pk_m[0].item()
    return m


@pk.workunit
def _pk_smallest(tid, a: pk.View1D[pk.double], _pk_m: pk.View1D[pk.double]):
    i: pk.int64 = tid
    # expect: CRB405
    pk.atomic_fetch_min(_pk_m, [0], a[i])


def smallest(a):
    m = a[0]
    _pk_m = np.full(1, m, dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_smallest,
        a=pk.array(a),
        _pk_m=pk.array(_pk_m))
    m = _pk_m[0].item()
    return m


@pk.workunit
def _pk_product(tid, a: pk.View1D[pk.double], _pk_p: pk.View1D[pk.double]):
    i: pk.int64 = tid
    # expect: CRB405
    pk.atomic_fetch_mul(_pk_p, [0], a[i])


def product(a):
    p = 1.0
    _pk_p = np.full(1, p, dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_product,
        a=pk.array(a),
        _pk_p=pk.array(_pk_p))
    p = _pk_p[0].item()
    return p


@pk.workunit
def _pk_count_above(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.double], t: pk.double):
    i: pk.int64 = tid
    if a[i] > t:
        acc += 1


def count_above(a, t):
    c = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_count_above,
        a=pk.array(a),
        t=t)
    return c


@pk.workunit
def _pk_shifted_sum(tid, acc: pk.Acc[pk.double], a: pk.View1D[pk.double]):
    i: pk.int64 = tid
    acc += a[i]


def shifted_sum(a):
    s = 10.0
    s += pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_shifted_sum,
        a=pk.array(a))
    return s / int(a.shape[0])
