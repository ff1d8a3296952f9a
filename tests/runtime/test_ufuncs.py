"""Host ufuncs (prebuilt Kokkos kernels in the core) against NumPy, on 1-D
and 2-D float32/float64 views."""
import numpy as np
import pytest

import pykokkos as pk

DTYPES = [(pk.double, np.float64), (pk.float, np.float32)]


def make(shape, dtype, seed=0):
    a = np.random.default_rng(seed).random(shape).astype(dtype) + 0.5
    return pk.array(a), a


@pytest.mark.parametrize("shape", [(100,), (7, 9)])
@pytest.mark.parametrize("pkdt,npdt", DTYPES)
@pytest.mark.parametrize("name", ["exp", "log", "sqrt", "sin", "cos", "tan", "fabs", "floor", "ceil", "log10",
                                  "tanh", "square", "negative", "reciprocal"])
def test_unary(name, pkdt, npdt, shape):
    v, a = make(shape, npdt)
    r = getattr(pk, name)(v)
    assert isinstance(r, pk.View) and r.data.dtype == npdt and r.shape == a.shape
    rtol = 1e-6 if npdt == np.float32 else 1e-14
    assert np.allclose(r.data, getattr(np, name)(a), rtol=rtol, atol=0)


@pytest.mark.parametrize("pkdt,npdt", DTYPES)
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide", "power", "fmax", "fmin"])
def test_binary(name, pkdt, npdt):
    v, a = make((5, 6), npdt, 1)
    w, b = make((5, 6), npdt, 2)
    rtol = 1e-6 if npdt == np.float32 else 1e-14
    assert np.allclose(getattr(pk, name)(v, w).data, getattr(np, name)(a, b), rtol=rtol, atol=0)
    assert np.allclose(getattr(pk, name)(v, 2.0).data, getattr(np, name)(a, npdt(2.0)), rtol=rtol, atol=0)


@pytest.mark.parametrize("pkdt,npdt", DTYPES)
def test_reductions(pkdt, npdt):
    v, a = make((1000,), npdt, 3)
    w, b = make((1000,), npdt, 4)
    rtol = 1e-5 if npdt == np.float32 else 1e-12
    assert np.isclose(pk.dot(v, w), np.dot(a.astype(np.float64), b), rtol=rtol)
    assert np.isclose(pk.sum(v), a.sum(dtype=np.float64), rtol=rtol)
    assert pk.max(v) == a.max() and pk.min(v) == a.min()


def test_errors_and_scalars():
    with pytest.raises(ValueError, match="same shape"):
        pk.add(pk.zeros([3]), pk.zeros([4]))
    with pytest.raises(ValueError, match="1-D"):
        pk.dot(pk.zeros([2, 2]), pk.zeros([2, 2]))
    assert pk.sqrt(4.0) == 2.0
