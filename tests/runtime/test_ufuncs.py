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
    with pytest.raises(ValueError, match="1-D or 2-D"):
        pk.dot(pk.zeros([2, 2, 2]), pk.zeros([2]))
    assert pk.sqrt(4.0) == 2.0


@pytest.mark.parametrize("shapes", [((4, 3), (3,)), ((3,), (3, 5)), ((4, 3), (3, 5))])
def test_dot_of_matrices_and_vectors(shapes):
    a = np.random.default_rng(5).random(shapes[0])
    b = np.random.default_rng(6).random(shapes[1])
    r = pk.dot(pk.array(a), pk.array(b))
    assert isinstance(r, pk.View) and r.shape == np.dot(a, b).shape
    assert np.allclose(r.data, np.dot(a, b), rtol=1e-14, atol=0)
    with pytest.raises(ValueError, match="do not align"):
        pk.dot(pk.array(a), pk.array(np.ones(7)))


def test_numpy_fallback_code_from_the_thesis_runs():
    """Thesis snippet 2.3: logistic regression after the NumPy transformer,
    ufunc results mixed with NumPy arithmetic."""
    rng = np.random.default_rng(7)
    Y, X, w0 = rng.choice([-1.0, 1.0], 20), rng.random((20, 3)), rng.random(3)

    def numpy_version(Y, X, w, iterations):
        for i in range(iterations):
            w -= np.dot(((1.0 / (1.0 + np.exp(-Y * np.dot(X, w))) - 1.0) * Y), X)
        return w

    def translated(Y, X, w, iterations):
        for i in range(iterations):
            w = w - pk.dot((1.0 / (1.0 + pk.exp(-1 * Y * pk.dot(X, w))) - 1.0) * Y, X)
        return w

    want = numpy_version(Y, X, w0.copy(), 5)
    got = translated(Y, X, w0.copy(), 5)
    assert np.allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12)
