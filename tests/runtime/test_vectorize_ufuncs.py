"""@vectorize ufuncs translated by Caramba, called the ways a ufunc is called.

The translated ufunc is a `_pk_ufunc` object whose signatures are element-wise workunits. Every call here
is made on the Numba ufunc and on the translation (translated by the caramba binary CTest names,
CARAMBA_BIN), on Serial and OpenMP: the result's type, dtype, shape and values must match, and so must
the exception type of a call Numba refuses. Each ufunc object of the Numba side is called with one kind
of operands per test: NumPy caches which loop a user ufunc's dtypes select, so a Numba ufunc's answer
can depend on its earlier calls.
"""

import numpy as np
import pytest

numba = pytest.importorskip("numba")

SOURCE = '''
import math
import numpy as np
from numba import njit, vectorize, float32, float64, int32, int64


@vectorize([int32(int32, int32), int64(int64, int64), float32(float32, float32), float64(float64, float64)])
def add(x, y):
    return x + y


@vectorize(["float64(float64)"], nopython=True)
def logistic(x):
    return 1.0 / (1.0 + math.exp(-x))


@vectorize(["int64(int64, int64, int64)"], target="parallel")
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@njit
def apply_logistic(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = logistic(x[i])
    return out
'''


@pytest.fixture
def modules(translate_and_load):
    # A fresh Numba module per test (see the module docstring).
    numba_mod, pk_mod, text = translate_and_load("vectorize_ufuncs", SOURCE)
    assert "@vectorize(" not in text and "add = _pk_ufunc(" in text
    return numba_mod, pk_mod


def same(a, b):
    assert type(a) is type(b), (type(a), type(b))
    if isinstance(a, np.ndarray) or isinstance(a, np.generic):
        assert a.dtype == b.dtype and np.shape(a) == np.shape(b), (a.dtype, b.dtype, np.shape(a), np.shape(b))
        np.testing.assert_allclose(a, b, rtol=1e-12)
    else:
        assert a == b


def call_both(modules, name, *args, **kwargs):
    results = []
    for mod in modules:
        copies = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
        kw = {k: np.copy(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
        try:
            results.append(("value", getattr(mod, name)(*copies, **kw), kw))
        except Exception as e:  # noqa: BLE001 - the exception type is what is compared
            results.append(("raised", type(e), None))
    return results


@pytest.mark.parametrize("args", [
    (np.arange(10, dtype=np.int32), np.arange(10, dtype=np.int32)),   # int32 loop, first in the list
    (np.arange(10), np.arange(10)),                                   # int64: int32 is not safe
    (np.ones(10, np.float32), np.full(10, 2.5, np.float32)),          # float32 loop
    (np.ones((4, 5)), np.arange(5.0)),                                # broadcasting a row
    (np.ones((4, 1)), np.arange(5.0)),                                # broadcasting both
    (3, 4),                                                           # Python ints: an int64 scalar
    (1.5, 2.25),                                                      # Python floats: a float64 scalar
    (np.ones(3, np.uint64), np.ones(3, np.uint64)),                   # uint64 -> float64 loop
    (np.ones(3, complex), np.ones(3)),                                # no loop: TypeError
    (np.ones(3), np.ones(4)),                                         # shapes: ValueError
])
def test_add_like_numba(modules, on_space, args):
    (kind_a, a, _), (kind_b, b, _) = call_both(modules, "add", *args)
    assert kind_a == kind_b
    if kind_a == "raised":
        assert a is b or issubclass(b, a) or issubclass(a, b)
    else:
        same(a, b)


@pytest.mark.parametrize("x", [np.linspace(-5, 5, 101), np.arange(-3, 4), np.ones((3, 4), order="F")[:, ::2], 0.5])
def test_logistic_converts_its_operand_to_float64(modules, on_space, x):
    (_, a, _), (_, b, _) = call_both(modules, "logistic", x)
    same(a, b)


def test_out_is_written_and_returned(modules, on_space):
    x = np.linspace(-2, 2, 12).reshape(3, 4)
    for out in (np.zeros((3, 4)), np.zeros((3, 4), np.float32), np.zeros((4, 3)).T):
        (_, a, kw_a), (_, b, kw_b) = call_both(modules, "logistic", x, out=out)
        same(kw_a["out"], kw_b["out"])
        assert b is kw_b["out"]


def test_out_of_another_kind_is_refused(modules, on_space):
    (kind_a, a, _), (kind_b, b, _) = call_both(modules, "logistic", np.ones(3), out=np.zeros(3, np.int64))
    assert kind_a == kind_b == "raised" and issubclass(a, TypeError) and issubclass(b, TypeError)


def test_clamp_broadcasts_scalars(modules, on_space):
    (_, a, _), (_, b, _) = call_both(modules, "clamp", np.arange(-20, 20), -5, 5)
    same(a, b)


def test_methods_are_not_translated(modules):
    _, pk_mod = modules
    with pytest.raises(TypeError, match="reduce is not translated"):
        pk_mod.add.reduce(np.ones(3))
    assert pk_mod.add.types == modules[0].add.types
    assert (pk_mod.add.nin, pk_mod.add.nout, pk_mod.add.__name__) == (2, 1, "add")


def test_wrong_number_of_operands(modules):
    (kind_a, a, _), (kind_b, b, _) = call_both(modules, "logistic", 1.0, np.zeros(()), 3)
    assert kind_a == kind_b == "raised" and a is b is TypeError


def test_kernel_calls_the_element_function(modules, on_space):
    x = np.linspace(-4, 4, 1000)
    (_, a, _), (_, b, _) = call_both(modules, "apply_logistic", x)
    same(a, b)
