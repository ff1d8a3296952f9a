import math
import unittest
from typing import List

import pykokkos as pk


# Tests for correctness of the ast Translator
@pk.functor
class ASTTestReduceFunctor:
    def __init__(self, threads: int, i_1: int, i_2: int, f_1: float, f_2: float, b_1: bool):
        self.threads: int = threads
        self.i_1: int = i_1
        self.i_2: int = i_2
        self.f_1: float = f_1
        self.f_2: float = f_2
        self.b_1: bool = b_1

    @pk.workunit
    def assign(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        x: int = self.i_1
        acc += x

    @pk.workunit
    def aug_assign(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        x: int = self.i_1
        x += self.i_2
        acc += x

    @pk.workunit
    def math_constants(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += math.pi + math.e + math.tau

    @pk.workunit
    def math_inf(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        x: float = math.inf
        if x > 1e308:
            acc += 1

    @pk.workunit
    def math_nan(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        x: float = math.nan
        if x != x:
            acc += 1

    @pk.workunit
    def binop(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.i_1 + self.i_2 * self.f_1

    @pk.workunit
    def unaryop(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += -self.i_1

    @pk.workunit
    def compare(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        if self.i_1 > self.i_2:
            acc += 1

    @pk.workunit
    def boolop(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        if self.i_1 > self.i_2 and not self.b_1:
            acc += 1

    @pk.workunit
    def for_loop(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        for i in range(self.i_1):
            acc += 1

    @pk.workunit
    def for_step(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        for i in range(self.i_2, self.i_1, 2):
            acc += 1

    @pk.workunit
    def for_step_negative(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        for i in range(self.i_1, self.i_2, -1):
            acc += 1

    @pk.workunit
    def if_elif_else(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        if tid < 10:
            acc += 1
        elif tid < 20:
            acc += 2
        else:
            acc += 3

    @pk.workunit
    def while_loop(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        x: int = 0
        while x < self.i_1:
            x += 1
            acc += 1

    @pk.workunit
    def pass_stmt(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        pass

    @pk.workunit
    def docstring(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        """
        This is a docstring
        """
        acc += 1

    @pk.workunit
    def break_stmt(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        for i in range(self.i_1):
            if i == self.i_2:
                break
            acc += 1

    @pk.workunit
    def continue_stmt(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        for i in range(self.i_1):
            if i == self.i_2:
                continue
            acc += 1

    @pk.workunit
    def ann_assign(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        x: float = self.f_1 + self.f_2
        acc += x

    @pk.workunit
    def list_assign(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        a: List[int] = [1, 2, 3]
        acc += a[0] + a[1] + a[2]

    @pk.workunit
    def printf_abs(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        if tid == 0:
            pk.printf("%d\n", abs(-self.i_1))
        acc += abs(-self.i_1)


@pk.functor
class ASTTestForFunctor:
    def __init__(self, threads: int, i_1: int):
        self.threads: int = threads
        self.i_1: int = i_1
        self.view1D: pk.View1D[pk.int32] = pk.View([threads], pk.int32)
        self.view2D: pk.View2D[pk.int32] = pk.View([threads, threads], pk.int32)
        self.view3D: pk.View3D[pk.int32] = pk.View([threads, threads, threads], pk.int32)

    @pk.workunit
    def subscript_1D(self, tid: int) -> None:
        self.view1D[tid] = self.i_1

    @pk.workunit
    def subscript_2D(self, tid: int) -> None:
        for i in range(self.threads):
            self.view2D[tid][i] = self.i_1

    @pk.workunit
    def subscript_3D(self, tid: int) -> None:
        for i in range(self.threads):
            for j in range(self.threads):
                self.view3D[tid][i][j] = self.i_1


class TestASTTranslator(unittest.TestCase):
    def setUp(self):
        self.threads: int = 50
        self.i_1: int = 5
        self.i_2: int = 1
        self.f_1: float = 5.5
        self.f_2: float = 1.3
        self.b_1: bool = False

        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)
        self.functor = ASTTestReduceFunctor(self.threads, self.i_1, self.i_2, self.f_1, self.f_2, self.b_1)
        self.for_functor = ASTTestForFunctor(self.threads, self.i_1)

    def test_assign(self):
        expected_result: int = self.threads * self.i_1
        result: int = pk.parallel_reduce(self.range_policy, self.functor.assign)
        self.assertEqual(expected_result, result)

    def test_aug_assign(self):
        expected_result: int = self.threads * (self.i_1 + self.i_2)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.aug_assign)
        self.assertEqual(expected_result, result)

    def test_math_constants(self):
        expected_result: float = self.threads * (math.pi + math.e + math.tau)
        result: float = pk.parallel_reduce(self.range_policy, self.functor.math_constants)
        self.assertAlmostEqual(expected_result, result, places=8)

    def test_math_inf(self):
        result: int = pk.parallel_reduce(self.range_policy, self.functor.math_inf)
        self.assertEqual(self.threads, result)

    def test_math_nan(self):
        result: int = pk.parallel_reduce(self.range_policy, self.functor.math_nan)
        self.assertEqual(self.threads, result)

    def test_binop(self):
        expected_result: float = self.threads * (self.i_1 + self.i_2 * self.f_1)
        result: float = pk.parallel_reduce(self.range_policy, self.functor.binop)
        self.assertAlmostEqual(expected_result, result)

    def test_unaryop(self):
        expected_result: int = self.threads * -self.i_1
        result: int = pk.parallel_reduce(self.range_policy, self.functor.unaryop)
        self.assertEqual(expected_result, result)

    def test_compare(self):
        expected_result: int = self.threads if self.i_1 > self.i_2 else 0
        result: int = pk.parallel_reduce(self.range_policy, self.functor.compare)
        self.assertEqual(expected_result, result)

    def test_boolop(self):
        expected_result: int = self.threads if (self.i_1 > self.i_2 and not self.b_1) else 0
        result: int = pk.parallel_reduce(self.range_policy, self.functor.boolop)
        self.assertEqual(expected_result, result)

    def test_for(self):
        expected_result: int = self.threads * self.i_1
        result: int = pk.parallel_reduce(self.range_policy, self.functor.for_loop)
        self.assertEqual(expected_result, result)

    def test_for_step(self):
        expected_result: int = self.threads * len(range(self.i_2, self.i_1, 2))
        result: int = pk.parallel_reduce(self.range_policy, self.functor.for_step)
        self.assertEqual(expected_result, result)

    def test_for_step_negative(self):
        expected_result: int = self.threads * len(range(self.i_1, self.i_2, -1))
        result: int = pk.parallel_reduce(self.range_policy, self.functor.for_step_negative)
        self.assertEqual(expected_result, result)

    def test_if_elif_else(self):
        expected_result: int = 10 * 1 + 10 * 2 + (self.threads - 20) * 3
        result: int = pk.parallel_reduce(self.range_policy, self.functor.if_elif_else)
        self.assertEqual(expected_result, result)

    def test_while(self):
        expected_result: int = self.threads * self.i_1
        result: int = pk.parallel_reduce(self.range_policy, self.functor.while_loop)
        self.assertEqual(expected_result, result)

    def test_pass(self):
        result: int = pk.parallel_reduce(self.range_policy, self.functor.pass_stmt)
        self.assertEqual(0, result)

    def test_docstring(self):
        result: int = pk.parallel_reduce(self.range_policy, self.functor.docstring)
        self.assertEqual(self.threads, result)

    def test_break(self):
        expected_result: int = self.threads * self.i_2
        result: int = pk.parallel_reduce(self.range_policy, self.functor.break_stmt)
        self.assertEqual(expected_result, result)

    def test_continue(self):
        expected_result: int = self.threads * (self.i_1 - 1)
        result: int = pk.parallel_reduce(self.range_policy, self.functor.continue_stmt)
        self.assertEqual(expected_result, result)

    def test_ann_assign(self):
        expected_result: float = self.threads * (self.f_1 + self.f_2)
        result: float = pk.parallel_reduce(self.range_policy, self.functor.ann_assign)
        self.assertAlmostEqual(expected_result, result)

    def test_list_assign(self):
        result: int = pk.parallel_reduce(self.range_policy, self.functor.list_assign)
        self.assertEqual(self.threads * 6, result)

    def test_printf_abs(self):
        result: int = pk.parallel_reduce(self.range_policy, self.functor.printf_abs)
        self.assertEqual(self.threads * self.i_1, result)

    def test_subscript_1D(self):
        pk.parallel_for(self.range_policy, self.for_functor.subscript_1D)
        for i in range(self.threads):
            self.assertEqual(self.i_1, self.for_functor.view1D[i])

    def test_subscript_2D(self):
        pk.parallel_for(self.range_policy, self.for_functor.subscript_2D)
        for i in range(self.threads):
            for j in range(self.threads):
                self.assertEqual(self.i_1, self.for_functor.view2D[i][j])

    def test_subscript_3D(self):
        pk.parallel_for(self.range_policy, self.for_functor.subscript_3D)
        for i in range(self.threads):
            for j in range(self.threads):
                for k in range(self.threads):
                    self.assertEqual(self.i_1, self.for_functor.view3D[i][j][k])


if __name__ == '__main__':
    unittest.main()
