import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_equal

import pykokkos as pk


@pytest.mark.parametrize("pk_ufunc, numpy_ufunc", [
    (pk.reciprocal, np.reciprocal),
    (pk.log, np.log),
    (pk.sqrt, np.sqrt),
    (pk.log2, np.log2),
    (pk.log10, np.log10),
    (pk.log1p, np.log1p),
    (pk.square, np.square),
    (pk.sin, np.sin),
    (pk.cos, np.cos),
    (pk.tan, np.tan),
    (pk.tanh, np.tanh),
    (pk.exp, np.exp),
    (pk.exp2, np.exp2),
    (pk.negative, np.negative),
    (pk.positive, np.positive),
    (pk.sign, np.sign),
    (pk.isnan, np.isnan),
    (pk.isinf, np.isinf),
    (pk.isfinite, np.isfinite),
    (pk.logical_not, np.logical_not),
    (pk.floor, np.floor),
    (pk.ceil, np.ceil),
    (pk.trunc, np.trunc),
    (pk.round, np.round),
])
@pytest.mark.parametrize("pk_dtype, numpy_dtype", [(pk.double, np.float64), (pk.float, np.float32)])
def test_1d_unary_ufunc_vs_numpy(pk_ufunc, numpy_ufunc, pk_dtype, numpy_dtype):
    view: pk.View1D = pk.View([10], pk_dtype)
    view[:] = np.arange(10, dtype=numpy_dtype) + 0.5
    expected = numpy_ufunc(np.asarray(view))
    actual = pk_ufunc(view)
    assert_allclose(np.asarray(actual), expected, rtol=1e-6)


@pytest.mark.parametrize("pk_ufunc, numpy_ufunc", [
    (pk.log, np.log), (pk.sqrt, np.sqrt), (pk.exp, np.exp), (pk.sin, np.sin), (pk.square, np.square),
])
def test_2d_unary_ufunc_vs_numpy(pk_ufunc, numpy_ufunc):
    view = pk.View([4, 3], pk.double)
    view[:] = np.arange(12, dtype=np.float64).reshape(4, 3) + 1.0
    assert_allclose(np.asarray(pk_ufunc(view)), numpy_ufunc(np.asarray(view)))


@pytest.mark.parametrize("pk_ufunc, numpy_ufunc", [
    (pk.add, np.add), (pk.subtract, np.subtract), (pk.multiply, np.multiply), (pk.divide, np.divide),
    (pk.true_divide, np.true_divide), (pk.power, np.power), (pk.fmax, np.fmax), (pk.fmin, np.fmin),
    (pk.fmod, np.fmod), (pk.floor_divide, np.floor_divide), (pk.logaddexp, np.logaddexp),
    (pk.logaddexp2, np.logaddexp2), (pk.greater, np.greater), (pk.less, np.less), (pk.equal, np.equal),
    (pk.logical_and, np.logical_and), (pk.logical_or, np.logical_or), (pk.logical_xor, np.logical_xor),
])
@pytest.mark.parametrize("pk_dtype, numpy_dtype", [(pk.double, np.float64), (pk.float, np.float32)])
def test_binary_ufunc_vs_numpy(pk_ufunc, numpy_ufunc, pk_dtype, numpy_dtype):
    a = pk.View([8], pk_dtype)
    b = pk.View([8], pk_dtype)
    a[:] = np.arange(8, dtype=numpy_dtype) + 1.5
    b[:] = np.arange(8, dtype=numpy_dtype)[::-1] + 0.5
    expected = numpy_ufunc(np.asarray(a), np.asarray(b))
    actual = pk_ufunc(a, b)
    assert_allclose(np.asarray(actual), expected, rtol=1e-5)


@pytest.mark.parametrize("arr1, arr2", [
    (np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([1.0, 5.0])),
    (np.array([1.0, 2.0, 3.0]), np.array([[4.0], [5.0]])),
    (np.array([[2.0]]), np.array([[1.0, 2.0, 3.0]])),
])
@pytest.mark.parametrize("pk_ufunc, numpy_ufunc", [(pk.add, np.add), (pk.subtract, np.subtract),
                                                   (pk.multiply, np.multiply)])
def test_broadcasting(arr1, arr2, pk_ufunc, numpy_ufunc):
    actual = pk_ufunc(pk.array(arr1), pk.array(arr2))
    assert_allclose(np.asarray(actual), numpy_ufunc(arr1, arr2))


def test_add_scalar():
    view = pk.View([5], pk.double)
    view[:] = np.arange(5.0)
    assert_allclose(np.asarray(pk.add(view, 2.0)), np.arange(5.0) + 2.0)
    assert_allclose(np.asarray(pk.subtract(view, 1.0)), np.arange(5.0) - 1.0)


@pytest.mark.parametrize("a, b", [
    (np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)),
    (np.arange(3.0), np.arange(6.0).reshape(3, 2)),
    (np.arange(6.0).reshape(2, 3), np.arange(3.0)),
])
def test_matmul(a, b):
    assert_allclose(np.asarray(pk.matmul(pk.array(a), pk.array(b))), np.matmul(a, b))


def test_dot():
    a = pk.array(np.arange(5.0))
    b = pk.array(np.ones(5))
    assert pk.dot(a, b) == pytest.approx(10.0)


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("pk_func, numpy_func", [(pk.mean, np.mean), (pk.var, np.var), (pk.sum, np.sum)])
def test_statistics(axis, pk_func, numpy_func):
    arr = np.arange(12.0).reshape(3, 4) ** 1.5
    actual = pk_func(pk.array(arr), axis=axis)
    assert_allclose(np.asarray(actual), numpy_func(arr, axis=axis))


def test_rounding_keeps_integer_views():
    view = pk.View([4], pk.int32)
    view[:] = np.array([1, -2, 3, -4], dtype=np.int32)
    for f in (pk.floor, pk.ceil, pk.trunc, pk.round):
        out = f(view)
        assert out.dtype == pk.int32
        assert_equal(np.asarray(out), np.asarray(view))


def test_helpers():
    a = pk.array(np.array([3.0, 1.0, 2.0, 3.0]))
    assert pk.argmax(a) == 0
    assert_equal(np.asarray(pk.unique(a)), np.array([1.0, 2.0, 3.0]))
    m = pk.array(np.arange(6.0).reshape(2, 3))
    assert_equal(np.asarray(pk.transpose(m)), np.arange(6.0).reshape(2, 3).T)
    assert_equal(np.asarray(pk.hstack([a, a])), np.hstack([np.asarray(a)] * 2))
    assert_equal(np.asarray(pk.in1d(a, pk.array(np.array([3.0])))), np.in1d(np.asarray(a), [3.0]))
    dst = pk.View([4], pk.double)
    pk.copyto(dst, a)
    assert_equal(np.asarray(dst), np.asarray(a))
    assert pk.all(pk.greater(pk.add(a, 1.0), a))
    assert pk.any(pk.equal(a, pk.array(np.full(4, 2.0))))
    assert_allclose(np.asarray(pk.linspace(0, 1, 5)), np.linspace(0, 1, 5))
    assert_allclose(np.asarray(pk.logspace(0, 2, 3)), np.logspace(0, 2, 3))


def test_index_broadcast_expand_dims():
    a = pk.array(np.arange(10.0) * 2)
    idx = pk.array(np.array([3, 0, 9], dtype=np.int32))
    assert_equal(np.asarray(pk.index(a, idx)), np.array([6.0, 0.0, 18.0]))
    target = pk.View([3, 4], pk.double)
    assert_equal(np.asarray(pk.broadcast_view(2.5, target)), np.full((3, 4), 2.5))
    row = pk.array(np.arange(4.0))
    assert_equal(np.asarray(pk.broadcast_view(row, target)), np.broadcast_to(np.arange(4.0), (3, 4)))
    assert pk.expand_dims(row, 0).shape == (1, 4)
    assert pk.expand_dims(row, 1).shape == (4, 1)


@pk.workload
class UfuncWorkload:
    def __init__(self, n: int):
        self.n: int = n
        self.view: pk.View1D[pk.double] = pk.View([n], pk.double)
        self.out: pk.View1D[pk.double] = pk.View([n], pk.double)
        for i in range(n):
            self.view[i] = i + 1.0

    @pk.main
    def run(self):
        pk.parallel_for(self.n, self.compute)

    @pk.workunit
    def compute(self, tid: int):
        self.out[tid] = sqrt(self.view[tid]) + exp(-self.view[tid]) + fabs(-self.view[tid]) + log(self.view[tid]) + \
            log2(self.view[tid]) + log10(self.view[tid]) + expm1(0.5) + log1p(self.view[tid]) + abs(-1.0)


def test_bare_math_functions_in_a_workload():
    w = UfuncWorkload(10)
    pk.execute(pk.ExecutionSpace.Default, w)
    x = np.arange(1.0, 11.0)
    expected = np.sqrt(x) + np.exp(-x) + x + np.log(x) + np.log2(x) + np.log10(x) + np.expm1(0.5) + np.log1p(x) + 1.0
    assert_allclose(np.asarray(w.out), expected)
