import numpy as np
import pytest

import pykokkos as pk


@pk.workunit
def init_view(i, view, init):
    view[i] = init


@pk.workunit
def init_all_views(i, view1D, view2D, view3D, init):
    view1D[i] = init
    for j in range(view2D.extent(1)):
        view2D[i][j] = init
    for j in range(view3D.extent(1)):
        for k in range(view3D.extent(2)):
            view3D[i][j][k] = init


@pk.workunit
def reduce_view(i, acc, view):
    acc += view[i]


@pk.workunit
def scan_view(i, acc, last_pass, view):
    acc += view[i]
    if last_pass:
        view[i] = acc


@pk.workunit
def partial_annotated(i: int, view: pk.View1D[pk.int32], init):
    view[i] = init


@pk.workunit
def partial_annotated_acc(i, acc: pk.Acc[pk.double], view):
    acc += view[i]


@pk.workunit
def add_scalars(i, view, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, b):
    if b:
        view[i] = i8 + i16 + i32 + i64 + u8 + u16 + u32 + u64 + f32 + f64


@pk.workunit
def no_view(i, acc, n):
    acc += n


@pk.workunit
def layout_kernel(i, view2D, out):
    total: float = 0
    for j in range(view2D.extent(1)):
        total += view2D[i][j] * (j + 1)
    out[i] = total


@pk.workunit
def team_reduce(team_member, acc, M, y, x, A):
    e: int = team_member.league_rank()

    def inner_reduce(i: int, inner_acc: pk.Acc[pk.double]):
        inner_acc += A[e][i] * x[i]

    temp2: float = pk.parallel_reduce(pk.TeamThreadRange(team_member, M), inner_reduce)
    if team_member.team_rank() == 0:
        acc += y[e] * temp2


@pk.workunit
def int_acc(i, acc: pk.Acc[pk.int64], view):
    acc += view[i]


N = 10


def test_only_N():
    view = pk.View([N], pk.int32)
    pk.parallel_for(N, init_view, view=view, init=1)
    assert np.all(view == 1)


def test_policy():
    view = pk.View([N], pk.int32)
    pk.parallel_for(pk.RangePolicy(pk.ExecutionSpace.Default, 0, N), init_view, view=view, init=3)
    assert np.all(view.data == 3)


def test_policy_no_space():
    view = pk.View([N], pk.int32)
    pk.parallel_for(pk.RangePolicy(0, N), init_view, view=view, init=2)
    assert np.all(view.data == 2)


def test_label():
    view = pk.View([N], pk.int32)
    pk.parallel_for("init", N, init_view, view=view, init=4)
    assert np.all(view.data == 4)


def test_label_none():
    view = pk.View([N], pk.int32)
    pk.parallel_for(None, N, init_view, view=view, init=4)
    assert np.all(view.data == 4)


@pytest.mark.parametrize("dtype", [pk.int8, pk.int16, pk.int32, pk.int64, pk.uint8, pk.uint16,
                                   pk.uint32, pk.uint64, pk.float, pk.double])
def test_view_dtypes(dtype):
    view = pk.View([N], dtype)
    pk.parallel_for(N, init_view, view=view, init=5)
    assert np.all(view.data == 5)
    result = pk.parallel_reduce(N, reduce_view, view=view)
    assert result == 5 * N


@pytest.mark.parametrize("init", [np.int8(1), np.int16(2), np.int32(3), np.int64(4), np.uint8(5),
                                  np.uint16(6), np.uint32(7), np.uint64(8), np.float32(1.5),
                                  np.float64(2.5), 7, 2.25, True])
def test_numpy_scalars(init):
    view = pk.View([N], pk.double)
    pk.parallel_for(N, init_view, view=view, init=init)
    assert np.all(view.data == float(init))


def test_all_scalar_kinds():
    view = pk.View([N], pk.double)
    pk.parallel_for(N, add_scalars, view=view, i8=np.int8(1), i16=np.int16(1), i32=np.int32(1),
                    i64=np.int64(1), u8=np.uint8(1), u16=np.uint16(1), u32=np.uint32(1), u64=np.uint64(1),
                    f32=np.float32(0.5), f64=np.float64(0.5), b=True)
    assert np.all(view.data == 9.0)


def test_views_of_all_ranks():
    v1 = pk.View([N], pk.int32)
    v2 = pk.View([N, 3], pk.int32)
    v3 = pk.View([N, 3, 2], pk.int32)
    pk.parallel_for(N, init_all_views, view1D=v1, view2D=v2, view3D=v3, init=6)
    assert np.all(v1.data == 6) and np.all(v2.data == 6) and np.all(v3.data == 6)


def test_numpy_arrays():
    a = np.zeros(N, dtype=np.float64)
    pk.parallel_for(N, init_view, view=a, init=1.5)
    assert np.all(a == 1.5)
    total = pk.parallel_reduce(N, reduce_view, view=a)
    assert total == 1.5 * N


def test_reduce_return_type():
    view = pk.View([N], pk.int32)
    view.fill(2)
    result = pk.parallel_reduce(N, reduce_view, view=view)
    assert result == 2 * N
    assert isinstance(result, float)  # unannotated accumulators are doubles


def test_reduce_int_acc():
    view = pk.View([N], pk.int64)
    view.fill(3)
    result = pk.parallel_reduce(N, int_acc, view=view)
    assert result == 3 * N


def test_scan():
    view = pk.View([N], pk.int32)
    view.fill(1)
    total = pk.parallel_scan(N, scan_view, view=view)
    assert total == N
    assert list(view.data) == list(range(1, N + 1))


def test_partial_annotations():
    view = pk.View([N], pk.int32)
    pk.parallel_for(N, partial_annotated, view=view, init=9)
    assert np.all(view.data == 9)
    assert pk.parallel_reduce(N, partial_annotated_acc, view=view) == 9 * N


def test_no_view():
    assert pk.parallel_reduce(N, no_view, n=2) == 2 * N
    assert pk.parallel_reduce(N, no_view, n=2.5) == 2.5 * N


def test_types_change_between_calls():
    view = pk.View([N], pk.int32)
    pk.parallel_for(N, init_view, view=view, init=1)
    fview = pk.View([N], pk.double)
    pk.parallel_for(N, init_view, view=fview, init=1.5)
    pk.parallel_for(N, init_view, view=view, init=2)
    assert np.all(view.data == 2) and np.all(fview.data == 1.5)


@pytest.mark.parametrize("layout", [pk.Layout.LayoutLeft, pk.Layout.LayoutRight])
def test_layouts(layout):
    v = pk.View([N, 4], pk.double, layout=layout)
    for i in range(N):
        for j in range(4):
            v[i][j] = i + j
    out = pk.View([N], pk.double)
    pk.parallel_for(N, layout_kernel, view2D=v, out=out)
    expected = [sum((i + j) * (j + 1) for j in range(4)) for i in range(N)]
    assert list(out.data) == expected


def test_team_policy():
    M = 16
    y = pk.View([N], pk.double)
    x = pk.View([M], pk.double)
    A = pk.View([N, M], pk.double)
    y.fill(1)
    x.fill(1)
    A.fill(1)
    result = pk.parallel_reduce(pk.TeamPolicy(N, pk.AUTO), team_reduce, M=M, y=y, x=x, A=A)
    assert result == N * M


def test_resetting_team():
    M = 16
    y = pk.View([N], pk.double)
    x = pk.View([M], pk.double)
    A = pk.View([N, M], pk.double)
    y.fill(1)
    x.fill(2)
    A.fill(1)
    policy = pk.TeamPolicy(N, pk.AUTO)
    first = pk.parallel_reduce(policy, team_reduce, M=M, y=y, x=x, A=A)
    second = pk.parallel_reduce(pk.TeamPolicy(N, 1), team_reduce, M=M, y=y, x=x, A=A)
    assert first == second == 2 * N * M
