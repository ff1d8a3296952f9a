"""Host ufuncs (dialect §2): pk.exp(view), pk.add(a, b), pk.dot(a, b) ...

They run prebuilt Kokkos kernels in the native core (no JIT) and return new
views; reductions return Python floats. Called with a plain scalar they return
the scalar result, so host code like pk.sqrt(2.0) works too. Inside workunits
the same names are scalar math, compiled by the kernel compiler.
"""
import math as _math

import numpy as _np

from ._loader import core as _core

_u = _core.ufuncs

_UNARY = ["exp", "exp2", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "sin", "cos", "tan", "sinh", "cosh",
          "tanh", "fabs", "ceil", "floor", "trunc", "square", "negative", "reciprocal", "arcsin", "arccos",
          "arctan", "expm1"]
_BINARY = ["add", "subtract", "multiply", "divide", "power", "fmax", "fmin", "fmod", "hypot", "arctan2"]
__all__ = _UNARY + _BINARY + ["abs", "dot", "matmul", "sum", "max", "min", "mean"]


def _view(array):
    from . import View
    return View._wrap(array)


def _is_scalar(x):
    return isinstance(x, (int, float, _np.generic))


def _make_unary(name):
    native = getattr(_u, name)
    npf = getattr(_np, name)

    def fn(view):
        if _is_scalar(view):
            return npf(view).item()
        return _view(native(view))
    fn.__name__ = name
    fn.__doc__ = "Elementwise %s of a view into a new view (host ufunc)." % name
    return fn


def _make_binary(name):
    native = getattr(_u, name)
    npf = getattr(_np, name)

    def fn(a, b):
        if _is_scalar(a) and _is_scalar(b):
            return npf(a, b).item()
        if _is_scalar(a):
            raise TypeError("pykokkos: %s(scalar, view): put the view first" % name)
        return _view(native(a, b))
    fn.__name__ = name
    fn.__doc__ = "Elementwise %s of two views (or a view and a scalar) into a new view." % name
    return fn


for _n in _UNARY:
    globals()[_n] = _make_unary(_n)
for _n in _BINARY:
    globals()[_n] = _make_binary(_n)
abs = globals()["fabs"]  # noqa: A001


def dot(a, b):
    """NumPy's dot for 1-D/2-D views: a float for two 1-D views, else a new
    view (matrix-vector, vector-matrix, matrix-matrix)."""
    r = _u.dot(a, b)
    return r if isinstance(r, float) else _view(r)


def matmul(a, b):
    return _view(_u.matmul(a, b))


def sum(view):  # noqa: A001
    return _u.sum(view)


def max(view):  # noqa: A001
    return _u.max(view)


def min(view):  # noqa: A001
    return _u.min(view)


def mean(view):
    n = _np.asarray(view).size
    return _u.sum(view) / n if n else _math.nan
