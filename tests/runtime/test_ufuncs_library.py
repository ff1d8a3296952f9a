"""The rest of upstream's host ufunc library (pykokkos-api.md §1.12, the
host items of upstream's tests/test_ufuncs.py): signs, rounding,
comparisons and logic, broadcasting, statistics, matmul, against NumPy."""
import numpy as np
import pytest

import pykokkos as pk

DTYPES = [(pk.double, np.float64), (pk.float, np.float32)]


def make(shape, npdt, seed=0):
    a = (np.random.default_rng(seed).random(shape) * 8 - 4).astype(npdt)
    return pk.array(a), a


@pytest.mark.parametrize("pkdt,npdt", DTYPES)
@pytest.mark.parametrize("shape", [(11,), (4, 6)])
def test_sign_and_rounding(pkdt, npdt, shape):
    v, a = make(shape, npdt)
    for name in ("sign", "round", "floor", "ceil", "trunc"):
        r = getattr(pk, name)(v)
        assert isinstance(r, pk.View) and r.data.dtype == npdt, name
        np.testing.assert_array_equal(r.data, getattr(np, name)(a), err_msg=name)


def test_round_half_to_even_and_integer_views_unchanged():
    v = pk.array(np.array([0.5, 1.5, 2.5, -0.5, -1.5]))
    np.testing.assert_array_equal(pk.round(v).data, [0.0, 2.0, 2.0, -0.0, -2.0])
    iv = pk.array(np.arange(5, dtype=np.int64))
    assert pk.round(iv) is iv and pk.floor(iv) is iv


@pytest.mark.parametrize("name", ["greater", "greater_equal", "less", "less_equal", "equal", "not_equal"])
def test_comparisons_broadcast_to_bool_views(name):
    v, a = make((3, 4), np.float64, 1)
    w, b = make((4,), np.float64, 2)
    r = getattr(pk, name)(v, w)
    assert r.dtype is pk.bool and r.shape == (3, 4)
    np.testing.assert_array_equal(r.data, getattr(np, name)(a, b))


def test_logical():
    a = np.array([True, False, True, False])
    b = np.array([True, True, False, False])
    va, vb = pk.array(a.astype(np.uint8)), pk.array(b.astype(np.uint8))
    np.testing.assert_array_equal(pk.logical_and(va, vb).data, a & b)
    np.testing.assert_array_equal(pk.logical_or(va, vb).data, a | b)
    np.testing.assert_array_equal(pk.logical_xor(va, vb).data, a ^ b)
    np.testing.assert_array_equal(pk.logical_not(va).data, ~a)


@pytest.mark.parametrize("pkdt,npdt", DTYPES)
def test_binary_broadcasting(pkdt, npdt):
    v, a = make((5, 3), npdt, 3)
    row, r = make((3,), npdt, 4)
    col, c = make((5, 1), npdt, 5)
    for name in ("add", "subtract", "multiply", "divide", "fmax"):
        got = getattr(pk, name)(v, row)
        assert got.data.dtype == npdt and got.shape == (5, 3)
        np.testing.assert_allclose(got.data, getattr(np, name)(a, r), rtol=1e-6)
        np.testing.assert_allclose(getattr(pk, name)(col, row).data, getattr(np, name)(c, r), rtol=1e-6)
    np.testing.assert_allclose(pk.subtract(2.0, v).data, 2.0 - a, rtol=1e-6)


def test_mean_var_with_and_without_axis():
    v, a = make((6, 5), np.float64, 6)
    assert pk.var(pk.array(a[0].copy())) == pytest.approx(np.var(a[0]))
    assert pk.mean(v) == pytest.approx(a.mean())
    np.testing.assert_allclose(pk.var(v, axis=0).data, np.var(a, axis=0))
    np.testing.assert_allclose(pk.mean(v, axis=1).data, np.mean(a, axis=1))
    np.testing.assert_allclose(pk.sum(v, axis=0).data, a.sum(axis=0))


def test_matmul_shapes():
    A, a = make((4, 3), np.float64, 7)
    B, b = make((3, 5), np.float64, 8)
    x, xv = make((3,), np.float64, 9)
    np.testing.assert_allclose(pk.matmul(A, B).data, a @ b)
    np.testing.assert_allclose(pk.matmul(A, x).data, a @ xv)
    assert pk.matmul(x, x) == pytest.approx(xv @ xv)
    with pytest.raises(ValueError, match="core dimension"):
        pk.matmul(B, A)


def test_array_helpers():
    v = pk.array(np.array([3.0, 1.0, 3.0, 2.0]))
    assert list(pk.unique(v).data) == [1.0, 2.0, 3.0]
    assert pk.argmax(v).data[0] == 0
    assert pk.all(pk.greater(v, 0.5)) and not pk.any(pk.greater(v, 5.0))
    np.testing.assert_array_equal(pk.isnan(pk.array(np.array([np.nan, 1.0]))).data, [True, False])
    dst = pk.zeros([4])
    pk.copyto(dst, v)
    np.testing.assert_array_equal(dst.data, v.data)


def test_asarray_and_result_type():
    v = pk.asarray([1, 2, 3], dtype=pk.int32)
    assert v.dtype is pk.int32 and list(v.data) == [1, 2, 3]
    a = np.arange(4.0)
    w = pk.asarray(a)
    w.data[0] = 9.0
    assert a[0] == 9.0  # zero-copy for a contiguous array
    assert pk.asarray(np.arange(6.0)[::2]).data.flags.c_contiguous
    assert pk.result_type(pk.int32, pk.int64) is pk.int64
    assert pk.result_type(pk.float, pk.double) is pk.double
    assert pk.result_type(pk.int16, pk.float) is pk.float32
    assert pk.result_type(v, pk.double) is pk.double


def test_datatype_value_interface_and_linalg():
    assert pk.double.value == pk.DataType.double.value
    assert pk.float.value == pk.float32.value and pk.float.value != pk.double.value
    assert pk.View([2], pk.int64).dtype.value == pk.int64.value
    assert pk.double.np_equiv is np.float64
    from pykokkos.interface import View, DataType  # noqa: F401 - upstream's module path
    assert View is pk.View and DataType is pk.DataType
    from pykokkos.linalg import l3_blas
    A = pk.array(np.arange(6.0).reshape(2, 3))
    B = pk.array(np.arange(12.0).reshape(3, 4))
    np.testing.assert_allclose(l3_blas.dgemm(2.0, A, B).data, 2.0 * (A.data @ B.data))
    with pytest.raises(ValueError, match="mismatch"):
        l3_blas.dgemm(1.0, B, A)


@pk.classtype
class Pair:
    def __init__(self, a: float, b: float):
        self.a: float = a
        self.b: float = b


def test_classtype_is_an_ordinary_host_class():
    p = Pair(1.0, 2.0)
    assert p.a + p.b == 3.0
