import unittest

import pykokkos as pk


# Tests for translation of @pk.function methods (Kokkos functions) to C++
@pk.functor
class KokkosFunctionsTestReduceFunctor:
    def __init__(self, threads: int, i_1: int, i_2: int, f_1: float, f_2: float, b_1: bool):
        self.threads: int = threads
        self.i_1: int = i_1
        self.i_2: int = i_2
        self.f_1: float = f_1
        self.f_2: float = f_2
        self.b_1: bool = b_1

        self.view1D: pk.View1D[pk.int32] = pk.View([threads], pk.int32)
        self.view2D: pk.View2D[pk.int32] = pk.View([threads, threads], pk.int32)
        for i in range(threads):
            self.view1D[i] = i_1
            for j in range(threads):
                self.view2D[i][j] = i_2

    @pk.function
    def return_constant(self) -> int:
        return 5

    @pk.function
    def return_args_sum(self, arg_1: int, arg_2: int) -> int:
        return arg_1 + arg_2

    @pk.function
    def return_field(self) -> int:
        return self.i_1

    @pk.function
    def return_bool(self) -> bool:
        return self.b_1

    @pk.function
    def return_float(self) -> float:
        return self.f_1

    @pk.function
    def return_nested(self) -> int:
        return self.return_constant() + self.return_field()

    @pk.function
    def sum_view(self, view: pk.View1D[pk.int32]) -> int:
        total: int = 0
        for i in range(self.threads):
            total += view[i]
        return total

    @pk.function
    def sum_subview(self, row: pk.View1D[pk.int32]) -> int:
        total: int = 0
        for i in range(self.threads):
            total += row[i]
        return total

    @pk.workunit
    def constant(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.return_constant()

    @pk.workunit
    def args_sum(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.return_args_sum(self.i_1, self.i_2)

    @pk.workunit
    def field(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.return_field()

    @pk.workunit
    def bool_fn(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        if not self.return_bool():
            acc += 1

    @pk.workunit
    def float_fn(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.return_float()

    @pk.workunit
    def nested(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.return_nested()

    @pk.workunit
    def view_arg(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.sum_view(self.view1D)

    @pk.workunit
    def subview_arg(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        row = self.view2D[tid, :]
        acc += self.sum_subview(row)


class TestKokkosFunctionsTranslator(unittest.TestCase):
    def setUp(self):
        self.threads: int = 20
        self.i_1: int = 5
        self.i_2: int = 3
        self.f_1: float = 2.5
        self.f_2: float = 1.5
        self.b_1: bool = False
        self.functor = KokkosFunctionsTestReduceFunctor(self.threads, self.i_1, self.i_2,
                                                        self.f_1, self.f_2, self.b_1)
        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)

    def test_constant(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.constant)
        self.assertEqual(self.threads * 5, result)

    def test_args_sum(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.args_sum)
        self.assertEqual(self.threads * (self.i_1 + self.i_2), result)

    def test_field(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.field)
        self.assertEqual(self.threads * self.i_1, result)

    def test_bool(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.bool_fn)
        self.assertEqual(self.threads, result)

    def test_float(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.float_fn)
        self.assertEqual(self.threads * self.f_1, result)

    def test_nested(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.nested)
        self.assertEqual(self.threads * (5 + self.i_1), result)

    def test_view(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.view_arg)
        self.assertEqual(self.threads * self.threads * self.i_1, result)

    def test_subview(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.subview_arg)
        self.assertEqual(self.threads * self.threads * self.i_2, result)


if __name__ == '__main__':
    unittest.main()
