import unittest

import pykokkos as pk


# Tests for translation of each node of AST to C++
@pk.functor
class OpsTestReduceFunctor:
    def __init__(self, threads: int, i_1: int, i_2: int, f_1: float, f_2: float, b_1: bool, b_2: bool):
        self.threads: int = threads
        self.i_1: int = i_1
        self.i_2: int = i_2
        self.f_1: float = f_1
        self.f_2: float = f_2
        self.b_1: bool = b_1
        self.b_2: bool = b_2

    @pk.workunit
    def add_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 + self.i_2

    @pk.workunit
    def sub_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 - self.i_2

    @pk.workunit
    def mul_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 * self.i_2

    @pk.workunit
    def div_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.f_1 / self.f_2

    @pk.workunit
    def div_int_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 / self.i_2

    @pk.workunit
    def floordiv_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 // self.i_2

    @pk.workunit
    def mod_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 % self.i_2

    @pk.workunit
    def pow_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 ** self.i_2

    @pk.workunit
    def lshift_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 << self.i_2

    @pk.workunit
    def rshift_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 >> self.i_2

    @pk.workunit
    def bitor_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 | self.i_2

    @pk.workunit
    def bitxor_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 ^ self.i_2

    @pk.workunit
    def bitand_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 & self.i_2

    @pk.workunit
    def and_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.b_1 and self.b_2

    @pk.workunit
    def or_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.b_1 or self.b_2

    @pk.workunit
    def uadd_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += +self.i_1

    @pk.workunit
    def usub_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += -self.i_1

    @pk.workunit
    def not_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += not self.b_1

    @pk.workunit
    def invert_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += ~self.i_1

    @pk.workunit
    def eq_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 == self.i_2

    @pk.workunit
    def noteq_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 != self.i_2

    @pk.workunit
    def lt_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 < self.i_2

    @pk.workunit
    def lte_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 <= self.i_2

    @pk.workunit
    def gt_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 > self.i_2

    @pk.workunit
    def gte_op(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 >= self.i_2


class TestOpsTranslator(unittest.TestCase):
    def setUp(self):
        self.threads: int = 50
        self.i_1: int = 7
        self.i_2: int = 2
        self.f_1: float = 7.5
        self.f_2: float = 2.5
        self.b_1: bool = False
        self.b_2: bool = True

        self.functor = OpsTestReduceFunctor(self.threads, self.i_1, self.i_2, self.f_1, self.f_2,
                                            self.b_1, self.b_2)
        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)

    def test_add(self):
        expected_result: int = self.threads * (self.i_1 + self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.add_op)
        self.assertEqual(expected_result, result)

    def test_sub(self):
        expected_result: int = self.threads * (self.i_1 - self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.sub_op)
        self.assertEqual(expected_result, result)

    def test_mul(self):
        expected_result: int = self.threads * (self.i_1 * self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.mul_op)
        self.assertEqual(expected_result, result)

    def test_div(self):
        expected_result: float = self.threads * (self.f_1 / self.f_2)
        result: float = pk.parallel_reduce(self.range_policy, self.functor.div_op)
        self.assertAlmostEqual(expected_result, result)

    def test_div_int(self):
        expected_result: float = self.threads * (self.i_1 / self.i_2)
        result: float = pk.parallel_reduce(self.range_policy, self.functor.div_int_op)
        self.assertAlmostEqual(expected_result, result)

    def test_floordiv(self):
        expected_result: int = self.threads * (self.i_1 // self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.floordiv_op)
        self.assertEqual(expected_result, result)

    def test_mod(self):
        expected_result: int = self.threads * (self.i_1 % self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.mod_op)
        self.assertEqual(expected_result, result)

    def test_pow(self):
        expected_result: int = self.threads * (self.i_1 ** self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.pow_op)
        self.assertEqual(expected_result, result)

    def test_lshift(self):
        expected_result: int = self.threads * (self.i_1 << self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.lshift_op)
        self.assertEqual(expected_result, result)

    def test_rshift(self):
        expected_result: int = self.threads * (self.i_1 >> self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.rshift_op)
        self.assertEqual(expected_result, result)

    def test_bitor(self):
        expected_result: int = self.threads * (self.i_1 | self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.bitor_op)
        self.assertEqual(expected_result, result)

    def test_bitxor(self):
        expected_result: int = self.threads * (self.i_1 ^ self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.bitxor_op)
        self.assertEqual(expected_result, result)

    def test_bitand(self):
        expected_result: int = self.threads * (self.i_1 & self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.bitand_op)
        self.assertEqual(expected_result, result)

    def test_and(self):
        expected_result: int = self.threads * (self.b_1 and self.b_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.and_op)
        self.assertEqual(expected_result, result)

    def test_or(self):
        expected_result: int = self.threads * (self.b_1 or self.b_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.or_op)
        self.assertEqual(expected_result, result)

    def test_uadd(self):
        expected_result: int = self.threads * (+self.i_1)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.uadd_op)
        self.assertEqual(expected_result, result)

    def test_usub(self):
        expected_result: int = self.threads * (-self.i_1)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.usub_op)
        self.assertEqual(expected_result, result)

    def test_not(self):
        expected_result: int = self.threads * (not self.b_1)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.not_op)
        self.assertEqual(expected_result, result)

    def test_invert(self):
        expected_result: int = self.threads * (~self.i_1)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.invert_op)
        self.assertEqual(expected_result, result)

    def test_eq(self):
        expected_result: int = self.threads * (self.i_1 == self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.eq_op)
        self.assertEqual(expected_result, result)

    def test_noteq(self):
        expected_result: int = self.threads * (self.i_1 != self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.noteq_op)
        self.assertEqual(expected_result, result)

    def test_lt(self):
        expected_result: int = self.threads * (self.i_1 < self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.lt_op)
        self.assertEqual(expected_result, result)

    def test_lte(self):
        expected_result: int = self.threads * (self.i_1 <= self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.lte_op)
        self.assertEqual(expected_result, result)

    def test_gt(self):
        expected_result: int = self.threads * (self.i_1 > self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.gt_op)
        self.assertEqual(expected_result, result)

    def test_gte(self):
        expected_result: int = self.threads * (self.i_1 >= self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.gte_op)
        self.assertEqual(expected_result, result)


if __name__ == '__main__':
    unittest.main()
