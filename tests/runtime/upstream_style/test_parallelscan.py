import unittest

import pykokkos as pk


# Tests for correctness of pk.parallel_scan
@pk.functor
class Add1DTestScanFunctor:
    def __init__(self, threads: int, value: int):
        self.threads: int = threads
        self.value: int = value
        self.view: pk.View1D[pk.int32] = pk.View([threads], pk.int32)

    @pk.workunit
    def scan(self, tid: int, acc: pk.Acc[pk.double], last_pass: bool) -> None:
        acc += self.value
        if last_pass:
            self.view[tid] = acc


@pk.functor
class ExclusiveScanFunctor:
    def __init__(self, threads: int):
        self.threads: int = threads
        self.view: pk.View1D[pk.int64] = pk.View([threads], pk.int64)
        for i in range(threads):
            self.view[i] = i

    @pk.workunit
    def scan(self, tid: int, acc: pk.Acc[pk.int64], last_pass: bool) -> None:
        value: int = self.view[tid]
        if last_pass:
            self.view[tid] = acc
        acc += value


class TestParallelScan(unittest.TestCase):
    def setUp(self):
        self.threads: int = 50
        self.value: int = 7
        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)

    def test_add_1D(self):
        f = Add1DTestScanFunctor(self.threads, self.value)
        result = pk.parallel_scan(self.range_policy, f.scan)
        self.assertEqual(self.threads * self.value, result)
        for i in range(self.threads):
            self.assertEqual((i + 1) * self.value, f.view[i])

    def test_exclusive(self):
        f = ExclusiveScanFunctor(self.threads)
        result = pk.parallel_scan(self.range_policy, f.scan)
        self.assertEqual(sum(range(self.threads)), result)
        for i in range(self.threads):
            self.assertEqual(sum(range(i)), f.view[i])


if __name__ == '__main__':
    unittest.main()
