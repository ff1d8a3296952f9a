import unittest

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_equal

import pykokkos as pk


# Tests for correctness of pk.View
@pk.functor
class ViewsTestFunctor:
    def __init__(self, threads: int, i_1: int, f_1: float):
        self.threads: int = threads
        self.i_1: int = i_1
        self.f_1: float = f_1
        self.view1D: pk.View1D[pk.int32] = pk.View([threads], pk.int32)
        self.view2D: pk.View2D[pk.double] = pk.View([threads, threads], pk.double)
        self.view3D: pk.View3D[pk.int64] = pk.View([threads, 2, 3], pk.int64)
        self.subview_src: pk.View1D[pk.int32] = pk.View([threads], pk.int32)

    @pk.workunit
    def fill1D(self, tid: int) -> None:
        self.view1D[tid] = self.i_1

    @pk.workunit
    def fill2D(self, tid: int) -> None:
        for i in range(self.threads):
            self.view2D[tid][i] = self.f_1

    @pk.workunit
    def fill3D(self, tid: int) -> None:
        for i in range(self.view3D.extent(1)):
            for j in range(self.view3D.extent(2)):
                self.view3D[tid][i][j] = self.i_1 + i + j

    @pk.workunit
    def subview_row(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        row = self.view2D[tid, :]
        for i in range(row.extent(0)):
            acc += row[i]

    @pk.workunit
    def extent(self, tid: int, acc: pk.Acc[pk.double]) -> None:
        acc += self.view3D.extent(0) + self.view3D.extent(1) + self.view3D.extent(2)


@pk.workunit
def add_one(i, view):
    view[i] += 1


class TestViews(unittest.TestCase):
    def setUp(self):
        self.threads: int = 10
        self.i_1: int = 4
        self.f_1: float = 1.5
        self.functor = ViewsTestFunctor(self.threads, self.i_1, self.f_1)
        self.range_policy = pk.RangePolicy(pk.ExecutionSpace.Default, 0, self.threads)

    def test_view1D(self):
        pk.parallel_for(self.range_policy, self.functor.fill1D)
        for i in range(self.threads):
            self.assertEqual(self.i_1, self.functor.view1D[i])

    def test_view2D(self):
        pk.parallel_for(self.range_policy, self.functor.fill2D)
        for i in range(self.threads):
            for j in range(self.threads):
                self.assertEqual(self.f_1, self.functor.view2D[i][j])

    def test_view3D(self):
        pk.parallel_for(self.range_policy, self.functor.fill3D)
        for i in range(self.threads):
            for j in range(2):
                for k in range(3):
                    self.assertEqual(self.i_1 + j + k, self.functor.view3D[i][j][k])

    def test_subview_in_kernel(self):
        pk.parallel_for(self.range_policy, self.functor.fill2D)
        result = pk.parallel_reduce(self.range_policy, self.functor.subview_row)
        self.assertEqual(self.threads * self.threads * self.f_1, result)

    def test_extent(self):
        result = pk.parallel_reduce(self.range_policy, self.functor.extent)
        self.assertEqual(self.threads * (self.threads + 2 + 3), result)

    def test_host_subview(self):
        view = pk.View([self.threads], pk.int32)
        sub = view[2:5]
        self.assertIsInstance(sub, pk.Subview)
        self.assertEqual(3, sub.shape[0])
        pk.parallel_for(3, add_one, view=sub)
        self.assertEqual([0, 0, 1, 1, 1, 0, 0, 0, 0, 0], list(view.data))

    def test_host_subview_2D(self):
        view = pk.View([4, 3], pk.double)
        sub = view[1, 0:3]
        pk.parallel_for(3, add_one, view=sub)
        self.assertEqual(3.0, float(np.sum(view.data)))
        self.assertEqual(3.0, float(np.sum(view.data[1])))

    def test_fill_and_len(self):
        view = pk.View([self.threads], pk.double)
        view.fill(2.5)
        self.assertEqual(self.threads, len(view))
        self.assertEqual([2.5] * self.threads, [x for x in view])
        self.assertEqual(1, view.rank())
        self.assertEqual(self.threads, view.extent(0))

    def test_eq(self):
        view = pk.View([self.threads], pk.int32)
        view.fill(3)
        self.assertTrue(np.all(view == 3))
        self.assertFalse(np.any(view == 4))
        self.assertEqual(pk.bool, (view == 3).dtype)

    def test_resize(self):
        view = pk.View([4], pk.int32)
        view.fill(7)
        view.resize(0, 6)
        self.assertEqual((6,), view.shape)
        self.assertEqual([7, 7, 7, 7, 0, 0], list(view.data))
        pk.parallel_for(6, add_one, view=view)
        self.assertEqual([8, 8, 8, 8, 1, 1], list(view.data))

    def test_np_asarray_is_zero_copy(self):
        view = pk.View([self.threads], pk.double)
        a = np.asarray(view)
        a[0] = 5.0
        self.assertEqual(5.0, view[0])

    def test_0D(self):
        view = pk.View([1], pk.double)
        view[0] = 3.5
        self.assertEqual(3.5, float(view))


@pytest.mark.parametrize("input_arr", [np.zeros(4), np.ones((3, 3)), np.zeros((2, 4, 5), dtype=np.int32),
                                       np.arange(10, dtype=np.int64)])
def test_sizes(input_arr):
    view = pk.from_numpy(input_arr)
    assert view.size == input_arr.size
    assert view.shape == input_arr.shape
    assert view.ndim == input_arr.ndim


@pytest.mark.parametrize("pk_dtype, numpy_dtype", [(pk.double, np.float64), (pk.float, np.float32)])
def test_asarray_consts_vs_numpy(pk_dtype, numpy_dtype):
    for const in [pk.e, pk.pi, pk.inf, pk.nan]:
        expected = np.asarray(const, dtype=numpy_dtype)
        actual = pk.asarray(const, dtype=pk_dtype)
        assert_equal(np.asarray(actual), expected)


@pytest.mark.parametrize("pk_dtype, numpy_dtype", [(pk.uint8, np.uint8), (pk.uint16, np.uint16),
                                                   (pk.uint32, np.uint32), (pk.uint64, np.uint64)])
def test_unsigned_int_overflow(pk_dtype, numpy_dtype):
    # unsigned values wrap around as they do in NumPy
    expected = np.asarray(2 ** np.iinfo(numpy_dtype).bits - 1, dtype=numpy_dtype)
    actual = pk.asarray(2 ** np.iinfo(numpy_dtype).bits - 1, dtype=pk_dtype)
    assert_equal(np.asarray(actual), expected)


@pytest.mark.parametrize("type1, type2, expected", [
    (pk.int8, pk.int16, pk.int16), (pk.int16, pk.int32, pk.int32), (pk.int32, pk.int64, pk.int64),
    (pk.uint8, pk.uint16, pk.uint16), (pk.uint32, pk.uint64, pk.uint64),
    (pk.float, pk.double, pk.double), (pk.uint8, pk.int8, pk.int16),
])
def test_result_type(type1, type2, expected):
    assert pk.result_type(type1, type2) == expected


@pytest.mark.parametrize("dtype", [pk.int8, pk.int16, pk.int32, pk.int64, pk.uint8, pk.uint16, pk.uint32,
                                   pk.uint64, pk.float, pk.double])
def test_view_dtypes_roundtrip(dtype):
    view = pk.View([5], dtype)
    assert view.dtype == dtype
    assert view.dtype.value == dtype.value
    assert np.asarray(view).dtype == dtype.np_equiv
    assert_allclose(np.asarray(pk.ones([5], dtype=dtype)), np.ones(5))


def test_from_numpy_zero_copy():
    arr = np.zeros(6, dtype=np.int32)
    view = pk.from_numpy(arr)
    pk.parallel_for(6, add_one, view=view)
    assert_equal(arr, np.ones(6, dtype=np.int32))


def test_layout_left_from_fortran_array():
    arr = np.asfortranarray(np.arange(6, dtype=np.float64).reshape(2, 3))
    view = pk.array(arr)
    assert view.layout == pk.LayoutLeft


def test_enum_members_are_globals():
    assert pk.Unmanaged is pk.Trait.Unmanaged
    assert pk.Atomic is pk.Trait.Atomic
    assert pk.LayoutDefault is pk.Layout.LayoutDefault
    assert pk.get_default_memory_space(pk.OpenMP) is pk.HostSpace
    assert pk.is_host_execution_space(pk.Serial)


def test_view_with_traits():
    view = pk.View([4], pk.double, space=pk.HostSpace, layout=pk.LayoutRight, trait=pk.RandomAccess)
    pk.parallel_for(4, add_one, view=view)
    assert_equal(view.data, np.ones(4))


@pytest.mark.parametrize("shape", [5, [2, 3], (4,)])
def test_creation_functions(shape):
    expected_shape = (shape,) if isinstance(shape, int) else tuple(shape)
    z = pk.zeros(shape, dtype=None, device=None)
    assert z.shape == expected_shape and z.dtype == pk.float64 and np.all(np.asarray(z) == 0)
    f = pk.full(expected_shape, 2.5)
    assert np.all(np.asarray(f) == 2.5)
    o = pk.ones(list(expected_shape), dtype=pk.int32)
    assert o.dtype == pk.int32 and np.all(np.asarray(o) == 1)
    assert np.all(np.asarray(pk.zeros_like(o)) == 0) and pk.ones_like(z).dtype == pk.float64
    assert np.all(np.asarray(pk.full_like(z, 7.0)) == 7.0)


def test_array_of_a_list():
    view = pk.array([1.0, 2.0, 3.0])
    assert view.dtype == pk.double
    pk.parallel_for(3, add_one, view=view)
    assert_equal(np.asarray(view), [2.0, 3.0, 4.0])


if __name__ == '__main__':
    unittest.main()
