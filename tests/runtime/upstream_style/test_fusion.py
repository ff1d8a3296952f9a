import numpy as np

import pykokkos as pk


@pk.workunit
def add_one(tid, view):
    view[tid] += 1


@pk.workunit
def double(tid, view):
    view[tid] *= 2


@pk.workunit
def sum_view(tid, acc, view):
    acc += view[tid]


def test_fusion_two_views():
    N = 10
    a = pk.View([N], pk.int32)
    b = pk.View([N], pk.int32)
    pk.parallel_for(N, [add_one, add_one], args_0={"view": a}, args_1={"view": b})
    assert np.all(a == 1) and np.all(b == 1)


def test_fusion_same_view_in_order():
    N = 10
    a = pk.View([N], pk.int32)
    a.fill(3)
    pk.parallel_for(pk.RangePolicy(pk.ExecutionSpace.Default, 0, N), [add_one, double],
                    args_0={"view": a}, args_1={"view": a})
    assert np.all(a == 8)


def test_fusion_reduce():
    N = 10
    a = pk.View([N], pk.double)
    b = pk.View([N], pk.double)
    a.fill(1.0)
    b.fill(2.0)
    result = pk.parallel_reduce(N, [sum_view, sum_view], args_0={"view": a}, args_1={"view": b})
    assert result == 3.0 * N


def test_fusion_numpy_arguments():
    N = 6
    a = np.zeros(N, dtype=np.int64)
    pk.parallel_for("fused", N, [add_one, add_one, double], args_0={"view": a}, args_1={"view": a},
                    args_2={"view": a})
    assert (a == 4).all()
