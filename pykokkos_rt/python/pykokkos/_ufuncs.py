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


# ------------------------------------------------------------------------
# The rest of upstream's host library (pykokkos-api.md §1.4, §1.12): signs,
# rounding, comparisons and logic, broadcasting binary operations, statistics
# with an axis, and the array helpers. They compute with NumPy on the views'
# host memory and return new views (dtype rules noted per function).
import builtins as _builtins  # this module defines all, any, round, sum ... of its own

_INTEGER_KINDS = "iub"


def _strict_operands(name, *operands):
    """PYKOKKOS_RT_STRICT=upstream: upstream's ufuncs take views only."""
    from . import _strict
    if not _strict():
        return
    for o in operands:
        if isinstance(o, _np.ndarray):
            raise TypeError("pykokkos (strict upstream mode): pk.%s got a NumPy array; upstream's host ufuncs take "
                            "pk.View operands and raise on NumPy arrays: wrap it with pk.array(a)" % name)


def _data(x):
    from . import View
    return x.data if isinstance(x, View) else _np.asarray(x)


def _wrap(result):
    from . import View
    result = _np.ascontiguousarray(result)
    if result.dtype == _np.bool_:
        from . import bool as _pk_bool
        return View._wrap(result, _pk_bool)
    return View._wrap(result)


def _guard_unary(name, fn):
    def guarded(view):
        _strict_operands(name, view)
        return fn(view)
    guarded.__name__ = name
    guarded.__doc__ = fn.__doc__
    return guarded


def _make_broadcasting(name, native_fn):
    npf = getattr(_np, name)

    def fn(a, b):
        _strict_operands(name, a, b)
        if _is_scalar(a) and _is_scalar(b):
            return npf(a, b).item()
        if not _is_scalar(a) and not _is_scalar(b) and _np.shape(_data(a)) != _np.shape(_data(b)):
            # NumPy broadcasting (a 2-D view with a 1-D row, a column with a row, ...)
            x, y = _data(a), _data(b)
            dt = _np.float32 if x.dtype == _np.float32 and y.dtype == _np.float32 else _np.float64
            try:
                return _wrap(npf(x.astype(dt, copy=False), y.astype(dt, copy=False)))
            except ValueError:
                raise ValueError("pykokkos: %s: operands must have the same shape or broadcast (NumPy's rules), "
                                 "got %s and %s" % (name, x.shape, y.shape)) from None
        if _is_scalar(a):
            x = _np.full(_np.shape(_data(b)), a, dtype=_data(b).dtype if _data(b).dtype.kind == "f" else _np.float64)
            return _wrap(npf(x, _data(b)))
        return native_fn(a, b)
    fn.__name__ = name
    fn.__doc__ = "Elementwise %s with NumPy broadcasting, into a new view." % name
    return fn


for _n in _BINARY:
    globals()[_n] = _make_broadcasting(_n, globals()[_n])
for _n in _UNARY:
    globals()[_n] = _guard_unary(_n, globals()[_n])
true_divide = globals()["divide"]
abs = globals()["fabs"]  # noqa: A001


def _elementwise(name, npf, doc, keep_int=False, result_dtype=None):
    def fn(*operands):
        _strict_operands(name, *operands)
        if _builtins.all(_is_scalar(o) for o in operands):
            return npf(*operands).item()
        if keep_int and _data(operands[0]).dtype.kind in _INTEGER_KINDS:
            return operands[0]  # upstream returns integer views unchanged
        r = npf(*[_data(o) for o in operands])
        return _wrap(r.astype(result_dtype) if result_dtype else r)
    fn.__name__ = name
    fn.__doc__ = doc
    return fn


sign = _elementwise("sign", _np.sign, "Elementwise sign (-1, 0, 1) in the view's dtype.")
round = _elementwise("round", _np.round, "Round half to even; integer views are returned unchanged.",  # noqa: A001
                     keep_int=True)
rint = _elementwise("rint", _np.rint, "Round half to even; integer views are returned unchanged.", keep_int=True)
positive = _elementwise("positive", _np.positive, "A copy of the view.")
floor_divide = _elementwise("floor_divide", _np.floor_divide, "Python's floor division, elementwise, broadcasting.")
logaddexp = _elementwise("logaddexp", _np.logaddexp, "log(exp(a) + exp(b)), elementwise.")
logaddexp2 = _elementwise("logaddexp2", _np.logaddexp2, "log2(2**a + 2**b), elementwise.")
remainder = _elementwise("remainder", _np.remainder, "Python's %, elementwise, broadcasting.")
for _n in ("ceil", "floor", "trunc"):
    globals()[_n] = _elementwise(_n, getattr(_np, _n), "Elementwise %s; integer views are returned unchanged." % _n,
                                 keep_int=True)
for _n in ("greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
           "logical_and", "logical_or", "logical_xor"):
    globals()[_n] = _elementwise(_n, getattr(_np, _n), "Elementwise %s with broadcasting: a new pk.bool view." % _n)
for _n in ("logical_not", "isnan", "isinf", "isfinite"):
    globals()[_n] = _elementwise(_n, getattr(_np, _n), "Elementwise %s: a new pk.bool view." % _n)
del _n


def _reduce_axis(name, npf, view, axis):
    _strict_operands(name, view)
    r = npf(_data(view), axis=axis)
    return r.item() if axis is None else _wrap(r)


def mean(view, axis=None, profiler_name=None):
    """The mean: a float for axis=None, else a view over the remaining axes."""
    return _reduce_axis("mean", _np.mean, view, axis)


def var(view, axis=None, profiler_name=None):
    """The population variance (NumPy's ddof=0): a float, or a view with an axis."""
    return _reduce_axis("var", _np.var, view, axis)


def sum(view, axis=None):  # noqa: A001
    if axis is None:
        _strict_operands("sum", view)
        return _u.sum(view)
    return _reduce_axis("sum", _np.sum, view, axis)


def matmul(a, b, profiler_name=None):
    """NumPy's matmul for 1-D and 2-D views: a float for two vectors, else a view."""
    _strict_operands("matmul", a, b)
    x, y = _data(a), _data(b)
    if x.ndim not in (1, 2) or y.ndim not in (1, 2):
        raise ValueError("pykokkos: matmul takes 1-D or 2-D views")
    if x.shape[-1] != y.shape[0]:
        raise ValueError("pykokkos: matmul: mismatch in the core dimension (%d and %d)" % (x.shape[-1], y.shape[0]))
    if x.ndim == 2 and y.ndim == 2:
        return _view(_u.matmul(a, b))
    return dot(a, b)


np_matmul = matmul


def argmax(view, axis=None):
    r = _np.argmax(_data(view), axis=axis)
    return _wrap(_np.asarray(r, dtype=_np.int32).reshape(_np.shape(r) or (1,)))


def unique(view):
    return _wrap(_np.unique(_data(view)))


def transpose(view):
    return _wrap(_np.transpose(_data(view)))


def hstack(views):
    return _wrap(_np.hstack([_data(v) for v in views]))


def in1d(a, b):
    return _wrap(_np.isin(_data(a), _data(b)))


def copyto(dst, src):
    """Copies src into dst (broadcasting); returns None."""
    _np.copyto(_data(dst), _data(src), casting="unsafe")


def all(view):  # noqa: A001
    return bool(_np.all(_data(view)))


def any(view):  # noqa: A001
    return bool(_np.any(_data(view)))


def searchsorted(view, values, side="left"):
    r = _np.searchsorted(_data(view), _data(values) if not _is_scalar(values) else values, side=side)
    return r.item() if _np.ndim(r) == 0 else _wrap(r)


def reshape(view, shape):
    return _wrap(_np.array(_data(view)).reshape(shape))


def ravel(view, order="C"):
    return _wrap(_np.ravel(_data(view), order=order).copy())


def col(view, c):
    return _wrap(_data(view)[:, c].copy())


def linspace(start, stop, num=50, endpoint=True):
    return _wrap(_np.linspace(start, stop, num, endpoint=endpoint))


def logspace(start, stop, num=50, endpoint=True, base=10.0):
    return _wrap(_np.logspace(start, stop, num, endpoint=endpoint, base=base))


def find_max(view):
    return _np.max(_data(view)).item()


def index(view_a, view_b, profiler_name=None):
    """Gathers view_a at the indices view_b holds: out[i] = view_a[view_b[i]]."""
    return _wrap(_np.ascontiguousarray(_data(view_a)[_np.asarray(_data(view_b)).astype(_np.int64)]))


def broadcast_view(val, view_b):
    """A scalar, 1-D or 2-D value stretched to view_b's shape (a new view)."""
    return _wrap(_np.ascontiguousarray(_np.broadcast_to(_data(val), _np.shape(_data(view_b)))))


def expand_dims(view, axis):
    """The view with a dimension of extent 1 inserted at `axis` (a new view)."""
    return _wrap(_np.ascontiguousarray(_np.expand_dims(_data(view), axis)))


__all__ += ["index", "broadcast_view", "expand_dims"]
__all__ += ["sign", "round", "rint", "positive", "floor_divide", "logaddexp", "logaddexp2", "remainder",
            "true_divide", "greater", "greater_equal", "less", "less_equal", "equal", "not_equal", "logical_and",
            "logical_or", "logical_xor", "logical_not", "isnan", "isinf", "isfinite", "var", "np_matmul", "argmax",
            "unique", "transpose", "hstack", "in1d", "copyto", "all", "any", "searchsorted", "reshape", "ravel",
            "col", "linspace", "logspace", "find_max"]
