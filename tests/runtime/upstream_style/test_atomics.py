import unittest

import pykokkos as pk


# Tests for correctness of pk.atomic_* inside workunits
@pk.functor
class AtomicsTestFunctor:
    def __init__(self, threads: int, i_1: int, i_2: int, f_1: float, f_2: float):
        self.threads: int = threads
        self.i_1: int = i_1
        self.i_2: int = i_2
        self.f_1: float = f_1
        self.f_2: float = f_2

        self.view1D_add: pk.View1D[pk.double] = pk.View([1], pk.double)
        self.view1D_and: pk.View1D[pk.int32] = pk.View([1], pk.int32)
        self.view1D_div: pk.View1D[pk.double] = pk.View([1], pk.double)
        self.view1D_lshift: pk.View1D[pk.int32] = pk.View([1], pk.int32)
        self.view1D_max: pk.View1D[pk.double] = pk.View([1], pk.double)
        self.view1D_min: pk.View1D[pk.double] = pk.View([1], pk.double)
        self.view1D_mod: pk.View1D[pk.int32] = pk.View([1], pk.int32)
        self.view1D_mul: pk.View1D[pk.double] = pk.View([1], pk.double)
        self.view1D_or: pk.View1D[pk.int32] = pk.View([1], pk.int32)
        self.view1D_rshift: pk.View1D[pk.int32] = pk.View([1], pk.int32)
        self.view1D_sub: pk.View1D[pk.double] = pk.View([1], pk.double)
        self.view1D_xor: pk.View1D[pk.int32] = pk.View([1], pk.int32)

        self.view1D_and[0] = self.i_1
        self.view1D_div[0] = self.f_1
        self.view1D_lshift[0] = self.i_1
        self.view1D_max[0] = self.f_1
        self.view1D_min[0] = self.f_1
        self.view1D_mod[0] = self.i_1
        self.view1D_mul[0] = self.f_1
        self.view1D_or[0] = self.i_1
        self.view1D_rshift[0] = self.i_1
        self.view1D_sub[0] = self.f_1
        self.view1D_xor[0] = self.i_1

    @pk.workunit
    def atomic_add(self, tid: int) -> None:
        pk.atomic_fetch_add(self.view1D_add, [0], self.f_2)

    @pk.workunit
    def atomic_and(self, tid: int) -> None:
        pk.atomic_fetch_and(self.view1D_and, [0], self.i_2)

    @pk.workunit
    def atomic_div(self, tid: int) -> None:
        pk.atomic_fetch_div(self.view1D_div, [0], self.f_2)

    @pk.workunit
    def atomic_lshift(self, tid: int) -> None:
        pk.atomic_fetch_lshift(self.view1D_lshift, [0], 1)

    @pk.workunit
    def atomic_max(self, tid: int) -> None:
        pk.atomic_fetch_max(self.view1D_max, [0], self.f_2 * tid)

    @pk.workunit
    def atomic_min(self, tid: int) -> None:
        pk.atomic_fetch_min(self.view1D_min, [0], self.f_1 - tid)

    @pk.workunit
    def atomic_mod(self, tid: int) -> None:
        pk.atomic_fetch_mod(self.view1D_mod, [0], self.i_2)

    @pk.workunit
    def atomic_mul(self, tid: int) -> None:
        pk.atomic_fetch_mul(self.view1D_mul, [0], self.f_2)

    @pk.workunit
    def atomic_or(self, tid: int) -> None:
        pk.atomic_fetch_or(self.view1D_or, [0], self.i_2)

    @pk.workunit
    def atomic_rshift(self, tid: int) -> None:
        pk.atomic_fetch_rshift(self.view1D_rshift, [0], 1)

    @pk.workunit
    def atomic_sub(self, tid: int) -> None:
        pk.atomic_fetch_sub(self.view1D_sub, [0], self.f_2)

    @pk.workunit
    def atomic_xor(self, tid: int) -> None:
        pk.atomic_fetch_xor(self.view1D_xor, [0], self.i_2)


class TestAtomic(unittest.TestCase):
    def setUp(self):
        self.threads: int = 8
        self.i_1: int = 1 << 12
        self.i_2: int = 3
        self.f_1: float = 7.0
        self.f_2: float = 2.0
        self.functor = AtomicsTestFunctor(self.threads, self.i_1, self.i_2, self.f_1, self.f_2)
        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)

    def test_atomic_add(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_add)
        self.assertEqual(self.threads * self.f_2, self.functor.view1D_add[0])

    def test_atomic_and(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_and)
        self.assertEqual(self.i_1 & self.i_2, self.functor.view1D_and[0])

    def test_atomic_div(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_div)
        self.assertEqual(self.f_1 / self.f_2 ** self.threads, self.functor.view1D_div[0])

    def test_atomic_lshift(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_lshift)
        self.assertEqual(self.i_1 << self.threads, self.functor.view1D_lshift[0])

    def test_atomic_max(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_max)
        self.assertEqual(max(self.f_1, self.f_2 * (self.threads - 1)), self.functor.view1D_max[0])

    def test_atomic_min(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_min)
        self.assertEqual(self.f_1 - (self.threads - 1), self.functor.view1D_min[0])

    def test_atomic_mod(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_mod)
        self.assertEqual(self.i_1 % self.i_2, self.functor.view1D_mod[0])

    def test_atomic_mul(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_mul)
        self.assertEqual(self.f_1 * self.f_2 ** self.threads, self.functor.view1D_mul[0])

    def test_atomic_or(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_or)
        self.assertEqual(self.i_1 | self.i_2, self.functor.view1D_or[0])

    def test_atomic_rshift(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_rshift)
        self.assertEqual(self.i_1 >> self.threads, self.functor.view1D_rshift[0])

    def test_atomic_sub(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_sub)
        self.assertEqual(self.f_1 - self.threads * self.f_2, self.functor.view1D_sub[0])

    def test_atomic_xor(self):
        pk.parallel_for(self.range_policy, self.functor.atomic_xor)
        expected = self.i_1
        for _ in range(self.threads):
            expected ^= self.i_2
        self.assertEqual(expected, self.functor.view1D_xor[0])


if __name__ == '__main__':
    unittest.main()
