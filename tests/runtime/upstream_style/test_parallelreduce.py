import unittest

import numpy as np
import pytest

import pykokkos as pk


# Tests for correctness of pk.parallel_reduce
@pk.functor
class Add1DTestReduceFunctor:
    def __init__(self, threads: int, value: int):
        self.threads: int = threads
        self.value: int = value

    @pk.workunit
    def reduce(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.value


@pk.functor
class Add2DTestReduceFunctor:
    def __init__(self, threads: int, value: int):
        self.threads: int = threads
        self.value: int = value

    @pk.workunit
    def reduce(self, tid: int, acc: pk.Acc[float]) -> None:
        for i in range(self.threads):
            acc += self.value


class TestParallelReduce(unittest.TestCase):
    def setUp(self):
        self.threads: int = 50
        self.value: int = 7
        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)

    def test_add_1D(self):
        expected_result: int = self.threads * self.value
        f = Add1DTestReduceFunctor(self.threads, self.value)
        result: int = pk.parallel_reduce(self.range_policy, f.reduce)
        self.assertEqual(expected_result, result)

    def test_add_2D(self):
        expected_result: int = self.threads * self.threads * self.value
        f = Add2DTestReduceFunctor(self.threads, self.value)
        result: int = pk.parallel_reduce(self.range_policy, f.reduce)
        self.assertEqual(expected_result, result)


@pk.workload
class SquareSumDouble:
    def __init__(self, n):
        self.N: int = n
        self.total: pk.double = 0

    @pk.main
    def run(self):
        self.total = pk.parallel_reduce(self.N, self.squaresum)

    @pk.workunit
    def squaresum(self, i: pk.int64, acc: pk.Acc[pk.double]):
        acc += i * i


@pk.workload
class SquareSumInt64:
    def __init__(self, n):
        self.N: int = n
        self.total: pk.int64 = 0

    @pk.main
    def run(self):
        self.total = pk.parallel_reduce(self.N, self.squaresum)

    @pk.workunit
    def squaresum(self, i: pk.int64, acc: pk.Acc[pk.int64]):
        acc += i * i


@pytest.mark.parametrize("series_max", [10, 5000, 90000])
def test_squaresum_types(series_max):
    # check for the same (numerically-equivalent) result when
    # using a double or int64 accumulator
    expected = np.sum(np.arange(series_max, dtype=np.int64) ** 2)
    f64 = SquareSumDouble(series_max)
    i64 = SquareSumInt64(series_max)
    pk.execute(pk.ExecutionSpace.Default, f64)
    pk.execute(pk.ExecutionSpace.Default, i64)
    actual_f64 = f64.total
    actual_i64 = i64.total
    assert actual_i64 == expected
    assert actual_f64 == pytest.approx(expected)


if __name__ == '__main__':
    unittest.main()
