import unittest

import pykokkos as pk


@pk.classtype
class MyClass:
    def __init__(self, x: int):
        self.x: int = x
        self.y: float = 2.5

    @pk.function
    def test_method(self) -> int:
        return self.x * 2

    @pk.function
    def add(self, z: int) -> int:
        return self.x + z


@pk.functor
class ClassTypesTestFunctor:
    def __init__(self, threads: int, i_1: int):
        self.threads: int = threads
        self.i_1: int = i_1

    @pk.function
    def make(self, value: int) -> MyClass:
        return MyClass(value)

    @pk.function
    def read(self, c: MyClass) -> int:
        return c.x

    @pk.workunit
    def construct(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        c: MyClass = MyClass(self.i_1)
        acc += c.x

    @pk.workunit
    def method(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        c: MyClass = MyClass(self.i_1)
        acc += c.test_method() + c.add(tid) + c.y

    @pk.workunit
    def modify(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        c: MyClass = MyClass(self.i_1)
        c.x = tid
        acc += c.x

    @pk.workunit
    def returned(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        c: MyClass = self.make(tid)
        acc += self.read(c)


class TestClassTypesTranslator(unittest.TestCase):
    def setUp(self):
        self.threads: int = 20
        self.i_1: int = 5
        self.functor = ClassTypesTestFunctor(self.threads, self.i_1)
        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)

    def test_construct(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.construct)
        self.assertEqual(self.threads * self.i_1, result)

    def test_method(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.method)
        expected = sum(self.i_1 * 2 + self.i_1 + t + 2.5 for t in range(self.threads))
        self.assertEqual(expected, result)

    def test_modify(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.modify)
        self.assertEqual(sum(range(self.threads)), result)

    def test_returned(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.returned)
        self.assertEqual(sum(range(self.threads)), result)

    def test_host(self):
        c = MyClass(3)
        self.assertEqual(6, c.test_method())
        self.assertEqual(7, c.add(4))


if __name__ == '__main__':
    unittest.main()
