"""Functors (upstream's tests/test_kokkosfunctions_translator.py and
test_AST_translator.py style): @pk.functor classes whose @pk.workunit methods
read views and scalars through `self`, with @pk.function methods. Every case
runs on Serial and OpenMP (the `space` fixture)."""
import numpy as np
import pytest

import pykokkos as pk


@pk.functor
class Saxpy:
    def __init__(self, n: int, a: float):
        self.n: int = n
        self.a: float = a
        self.x: pk.View1D[pk.double] = pk.View([n], pk.double)
        self.y: pk.View1D[pk.double] = pk.View([n], pk.double)
        self.label = "not kernel data"  # host-only members are allowed

    @pk.function
    def scaled(self, v: float) -> float:
        return self.a * v

    @pk.workunit
    def init(self, i: int):
        self.x[i] = i
        self.y[i] = 1.0

    @pk.workunit
    def saxpy(self, i: int):
        self.y[i] = self.scaled(self.x[i]) + self.y[i]

    @pk.workunit
    def total(self, i: int, acc: pk.Acc[pk.double]):
        acc += self.y[i]


@pk.functor
class KokkosFunctionsTestReduceFunctor:
    """Shaped like upstream's device-function tests: fields of several types
    read in @pk.function methods, one calling another."""

    def __init__(self, threads: int, i_1: int, f_1: float, b_1: bool):
        self.threads: int = threads
        self.i_1: int = i_1
        self.f_1: float = f_1
        self.b_1: bool = b_1
        self.view1D: pk.View1D[pk.int32] = pk.View([threads], pk.int32)
        self.counter: pk.View1D[pk.int32] = pk.View([1], pk.int32)

    @pk.function
    def return_constant(self) -> int:
        return 5

    @pk.function
    def add_fields(self, extra: int) -> float:
        return self.i_1 + self.f_1 + extra + self.return_constant()

    @pk.function
    def pick(self) -> int:
        if self.b_1:
            return self.i_1
        return 0

    @pk.workunit
    def constant(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.return_constant()

    @pk.workunit
    def fields(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.add_fields(tid)

    @pk.workunit
    def boolean(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.pick()

    @pk.workunit
    def write_view(self, tid: int) -> None:
        self.view1D[tid] = tid * self.i_1
        pk.atomic_add(self.counter, [0], 1)


@pk.functor
class Scan:
    def __init__(self, a):
        self.a: pk.View1D[pk.int64] = a

    @pk.workunit
    def scan(self, i: int, acc: pk.Acc[pk.int64], last_pass: bool):
        acc += self.a[i]
        if last_pass:
            self.a[i] = acc


@pk.functor
class Rows:
    def __init__(self, m):
        self.m = m  # unannotated: typed from the value, as workunit arguments are
        self.out = np.zeros(m.shape[0])

    @pk.workunit
    def row_sum(self, i: int):
        row = self.m[i, :]
        s: pk.double = 0.0
        for j in range(row.extent(0)):
            s += row[j]
        self.out[i] = s


def test_functor_members_and_device_method(space):
    f = Saxpy(100, 2.0)
    pk.parallel_for(pk.RangePolicy(space, 0, 100), f.init)
    pk.parallel_for(pk.RangePolicy(space, 0, 100), f.saxpy)
    np.testing.assert_allclose(f.y.data, 2.0 * np.arange(100) + 1.0)
    total = pk.parallel_reduce(pk.RangePolicy(space, 0, 100), f.total)
    assert total == pytest.approx(2.0 * 4950 + 100)


def test_member_changes_between_calls_are_honoured(space):
    # upstream gh-173: a field assigned between dispatches must be the new value
    f = Saxpy(10, 2.0)
    pk.parallel_for(pk.RangePolicy(space, 0, 10), f.init)
    f.a = 3.0
    pk.parallel_for(pk.RangePolicy(space, 0, 10), f.saxpy)
    np.testing.assert_allclose(f.y.data, 3.0 * np.arange(10) + 1.0)


def test_device_functions_of_fields(space):
    threads = 50
    f = KokkosFunctionsTestReduceFunctor(threads, 3, 0.5, True)
    policy = pk.RangePolicy(space, 0, threads)
    assert pk.parallel_reduce(policy, f.constant) == 5 * threads
    assert pk.parallel_reduce(policy, f.fields) == pytest.approx(threads * (3 + 0.5 + 5) + sum(range(threads)))
    assert pk.parallel_reduce(policy, f.boolean) == 3 * threads
    f.b_1 = False
    assert pk.parallel_reduce(policy, f.boolean) == 0
    pk.parallel_for(policy, f.write_view)
    np.testing.assert_array_equal(f.view1D.data, np.arange(threads) * 3)
    assert f.counter[0] == threads


def test_annotated_member_wins_over_the_value(space):
    # `self.f_1: float` is double even when the caller passes an int
    f = KokkosFunctionsTestReduceFunctor(4, 1, 2, True)
    assert pk.parallel_reduce(pk.RangePolicy(space, 0, 4), f.fields) == pytest.approx(4 * (1 + 2 + 5) + 6)


def test_functor_scan(space):
    a = pk.View([10], pk.int64)
    a.data[:] = np.arange(10)
    f = Scan(a)
    total = pk.parallel_scan(pk.RangePolicy(space, 0, 10), f.scan)
    assert total == 45
    np.testing.assert_array_equal(a.data, np.cumsum(np.arange(10)))


def test_numpy_members_and_subviews(space):
    m = np.arange(12, dtype=np.float64).reshape(3, 4)
    f = Rows(m)
    pk.parallel_for(pk.RangePolicy(space, 0, 3), f.row_sum)
    np.testing.assert_allclose(f.out, m.sum(axis=1))


def test_two_instances_do_not_share_data(space):
    f, g = Saxpy(5, 1.0), Saxpy(5, 10.0)
    for h in (f, g):
        pk.parallel_for(pk.RangePolicy(space, 0, 5), h.init)
        pk.parallel_for(pk.RangePolicy(space, 0, 5), h.saxpy)
    np.testing.assert_allclose(f.y.data, np.arange(5) + 1.0)
    np.testing.assert_allclose(g.y.data, 10.0 * np.arange(5) + 1.0)


class NotAFunctor:
    def __init__(self):
        self.x = np.zeros(3)

    @pk.workunit
    def work(self, i: int):
        self.x[i] = 1.0


@pk.functor
class WritesMember:
    def __init__(self):
        self.n: int = 3
        self.x = np.zeros(3)

    @pk.workunit
    def work(self, i: int):
        self.n = i  # members are read-only in workunits

    @pk.workunit
    def reads_host_member(self, i: int):
        self.x[i] = self.label

    @pk.workunit
    def calls_plain_method(self, i: int):
        self.x[i] = self.helper()

    def helper(self):
        return 1.0


def test_undecorated_class_is_rejected():
    with pytest.raises(pk.DialectError, match="not decorated @pk.functor"):
        pk.parallel_for(3, NotAFunctor().work)


def test_member_rejections():
    f = WritesMember()
    f.label = "text"
    with pytest.raises(pk.DialectError, match="members are read-only"):
        pk.parallel_for(3, f.work)
    with pytest.raises(pk.DialectError, match="member 'self.label' is not available"):
        pk.parallel_for(3, f.reads_host_member)
    with pytest.raises(pk.DialectError, match="only @pk.function methods"):
        pk.parallel_for(3, f.calls_plain_method)
