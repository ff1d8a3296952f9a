import unittest

import numpy as np

import pykokkos as pk


@pk.functor
class Gh173:
    def __init__(self):
        self.value: int = 0

    @pk.workunit
    def work(self, i: int, acc: pk.Acc[pk.double]):
        acc += self.value


def test_gh_173():
    # a change of a functor field between calls must be honoured
    f = Gh173()
    assert pk.parallel_reduce(5, f.work) == 0
    f.value = 3
    assert pk.parallel_reduce(5, f.work) == 15


@pk.workunit
def sin(tid: int, view: pk.View1D[pk.double]):
    view[tid] = sin(view[tid])


@pk.workunit
def cos(tid: int, view: pk.View1D[pk.double]):
    view[tid] = cos(view[tid]) + sin(view[tid])


def test_gh_192_1():
    # a workunit that shares its name with the math function it calls
    v = pk.View([4], pk.double)
    v[:] = np.arange(4)
    pk.parallel_for(4, sin, view=v)
    np.testing.assert_allclose(v.data, np.sin(np.arange(4)))


def test_gh_192_2():
    v = pk.View([4], pk.double)
    v[:] = np.arange(4)
    pk.parallel_for(4, cos, view=v)
    np.testing.assert_allclose(v.data, np.cos(np.arange(4)) + np.sin(np.arange(4)))


if __name__ == '__main__':
    unittest.main()
