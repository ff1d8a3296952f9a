"""Workloads (upstream's @pk.workload / @pk.main / @pk.callback /
pk.execute style, e.g. its kokkos-tutorials workload examples): pk.execute
runs the main method on the given space, then the callbacks."""
import numpy as np
import pytest

import pykokkos as pk


@pk.workload
class YAx:
    """y^T A x, shaped like upstream's 02 tutorial (workload variant)."""

    def __init__(self, n: int, m: int):
        self.N: int = n
        self.M: int = m
        self.y: pk.View1D[pk.double] = pk.View([n], pk.double)
        self.x: pk.View1D[pk.double] = pk.View([m], pk.double)
        self.A: pk.View2D[pk.double] = pk.View([n, m], pk.double)
        self.result: float = 0.0
        self.reported = []

    @pk.main
    def run(self):
        pk.parallel_for(self.N, self.y_init)
        pk.parallel_for(self.M, self.x_init)
        pk.parallel_for(self.N, self.matrix_init)
        self.result = pk.parallel_reduce("yAx", self.N, self.yAx)

    @pk.callback
    def results(self):
        self.reported.append(self.result)

    @pk.workunit
    def y_init(self, i: int):
        self.y[i] = 1

    @pk.workunit
    def x_init(self, i: int):
        self.x[i] = 1

    @pk.workunit
    def matrix_init(self, j: int):
        for i in range(self.M):
            self.A[j][i] = 1

    @pk.workunit
    def yAx(self, j: int, acc: pk.Acc[float]):
        temp2: float = 0
        for i in range(self.M):
            temp2 += self.A[j][i] * self.x[i]
        acc += self.y[j] * temp2


@pk.workload
class SquareRoots:
    """Bare math names inside a workload kernel (upstream's test_ufuncs workload items)."""

    def __init__(self, values):
        self.n: int = values.shape[0]
        self.v: pk.View1D[pk.double] = pk.array(values)
        self.out: pk.View1D[pk.double] = pk.View([values.shape[0]], pk.double)

    @pk.main
    def run(self):
        pk.parallel_for(self.n, self.compute)

    @pk.workunit
    def compute(self, i: int):
        self.out[i] = sqrt(self.v[i]) + fabs(log1p(self.v[i]))  # noqa: F821 - names of the kernel language


@pytest.mark.parametrize("name", ["Serial", "OpenMP"])
def test_execute_runs_main_then_callbacks(name):
    w = YAx(16, 8)
    pk.execute(getattr(pk.ExecutionSpace, name), w)
    assert w.result == 16 * 8
    assert w.reported == [16 * 8]


def test_execute_default_space_and_restores_the_default():
    before = pk.get_default_space()
    pk.execute(pk.ExecutionSpace.Serial, YAx(2, 2))
    assert pk.get_default_space() is before
    w = YAx(3, 5)
    pk.execute(pk.ExecutionSpace.Default, w)
    assert w.result == 15


def test_bare_math_names_in_workload_kernels():
    v = np.linspace(0.5, 4.0, 9)
    w = SquareRoots(v)
    pk.execute(pk.ExecutionSpace.Default, w)
    np.testing.assert_allclose(w.out.data, np.sqrt(v) + np.abs(np.log1p(v)))


def test_execute_needs_a_workload():
    class Plain:
        pass
    with pytest.raises(TypeError, match="@pk.workload"):
        pk.execute(pk.ExecutionSpace.Default, Plain())
