"""pykokkos_rt: Caramba's implementation of the PyKokkos host API and kernel
language (docs/runtime.md; the contract is pykokkos-dialect.md).

    import pykokkos as pk

    @pk.workunit
    def axpy(i, a, x, y):
        y[i] += a * x[i]

    pk.parallel_for(n, axpy, a=2.0, x=x, y=y)

Workunits are compiled on first dispatch into Kokkos C++ (one specialisation
per argument types and execution space), cached on disk and in-process; a warm
dispatch looks the specialisation up in a dict keyed by the argument types and
calls it through the native core.
"""
import enum
import inspect as _inspect
import math as _math
import os as _os
import sys as _sys
import time as _time
from types import MethodType as _MethodType

import numpy as _np

from ._loader import core as _core

__all__ = []  # `from pykokkos import *` is not part of the dialect

DialectError = _core.DialectError
CompileError = _core.CompileError


# ------------------------------------------------------------------ dtypes
class DataType:
    """A PyKokkos element type (pk.double, pk.int32, ...). Callable on the
    host as a cast; inside workunits only pk.double(x) is a cast (dialect)."""

    def __init__(self, name, np_dtype, code):
        self.name = name
        self.np = _np.dtype(np_dtype)
        self.code = code  # signature spelling shared with the kernel compiler

    def __call__(self, x):
        return self.np.type(x).item()

    @property
    def value(self):
        """Upstream's `pk.double.value` (its pykokkos-base dtype): here the
        type itself, so `v.dtype.value == pk.double.value` compares types."""
        return self

    @property
    def np_equiv(self):
        return self.np.type

    def __eq__(self, other):
        return isinstance(other, DataType) and other.np == self.np

    def __hash__(self):
        return hash(self.np)

    def __repr__(self):
        return "pk." + self.name


int8 = DataType("int8", _np.int8, "i8")
int16 = DataType("int16", _np.int16, "i16")
int32 = DataType("int32", _np.int32, "i32")
int64 = DataType("int64", _np.int64, "i64")
uint8 = DataType("uint8", _np.uint8, "u8")
uint16 = DataType("uint16", _np.uint16, "u16")
uint32 = DataType("uint32", _np.uint32, "u32")
uint64 = DataType("uint64", _np.uint64, "u64")
float32 = DataType("float32", _np.float32, "f32")
float64 = DataType("float64", _np.float64, "f64")
double = float64
bool = DataType("bool", _np.bool_, "bool")  # noqa: A001 - upstream exports pk.bool
# pk.float is float32 upstream (dialect §2); named via globals() so this
# module's own uses of the builtin float stay unambiguous.
globals()["float"] = float32
real = float64

# pk.DataType.double, pk.DataType.int32, ...: upstream's enum of the same names.
for _d in (int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, bool):
    setattr(DataType, _d.name, _d)
DataType.double, DataType.float, DataType.real = float64, float32, float64
del _d

_BY_NP = {d.np: d for d in (int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, bool)}
_CODE = {d.np: d.code for d in _BY_NP.values()}
# Dtypes pk.array wraps without a copy (bool arrays are copied to uint8).
_WRAP_DTYPES = {k: d for k, d in _BY_NP.items() if d is not bool}
# (dtype, rank) -> the signatures of a C-ordered and of a Fortran-ordered
# array: type propagation of an array is two lookups, not string formatting.
_VIEW_CODES = {(np_dtype, rank): ("view:%s:%d:R" % (code, rank), "view:%s:%d:L" % (code, rank))
               for np_dtype, code in _CODE.items() for rank in range(1, 33)}
_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1
_builtin_bool, _builtin_int, _builtin_float = type(True), type(1), type(1.0)


def _dtype_of(dtype):
    """pk dtypes, and the builtins int (int32) and float (double); NumPy
    dtypes are refused as upstream refuses them (pk.View([3], np.float64) aborts)."""
    if isinstance(dtype, DataType):
        return dtype
    if dtype is _builtin_int:
        return int32
    if dtype is _builtin_float:
        return float64
    if dtype is _builtin_bool:
        return bool
    raise TypeError("pykokkos: dtype %r is not a PyKokkos type; use pk.double, pk.float, pk.int32, "
                    "pk.int64 ... (NumPy dtypes are not accepted upstream)" % (dtype,))


# ------------------------------------------------------------ spaces, layouts
class ExecutionSpace(enum.Enum):
    Serial = "Serial"
    OpenMP = "OpenMP"
    Cuda = "Cuda"
    HIP = "HIP"
    Threads = "Threads"
    Debug = "Debug"
    Default = "Default"


Serial = ExecutionSpace.Serial
OpenMP = ExecutionSpace.OpenMP
Cuda = ExecutionSpace.Cuda
HIP = ExecutionSpace.HIP
Default = ExecutionSpace.Default
# ("Serial", "OpenMP"[, "Cuda"]): what the core was built with (a core older than spaces() has no Cuda)
_AVAILABLE = tuple(getattr(_core, "spaces", lambda: ("Serial", "OpenMP"))())


def _initial_default_space(environ):
    """OpenMP, upstream's initial default, unless PYKOKKOS_RT_DEFAULT_SPACE
    names another space: a program (or a translation, whose callers dispatch
    on pk.get_default_space()) then runs there without being edited. A name
    this build cannot run fails at import rather than at the first dispatch."""
    name = environ.get("PYKOKKOS_RT_DEFAULT_SPACE", "").strip()
    if not name:
        return ExecutionSpace.OpenMP
    choices = [s for s in ExecutionSpace if s.value.lower() == name.lower()
               and s not in (ExecutionSpace.Default, ExecutionSpace.Debug)]
    if not choices:
        raise ValueError("pykokkos: PYKOKKOS_RT_DEFAULT_SPACE=%s is not an execution space; use one of %s"
                         % (name, ", ".join(_AVAILABLE)))
    if choices[0].value not in _AVAILABLE:
        raise ValueError("pykokkos: PYKOKKOS_RT_DEFAULT_SPACE=%s: this build has no %s space (available: %s); "
                         "unset the variable or use an available space" % (name, choices[0].value, ", ".join(_AVAILABLE)))
    return choices[0]


_default_space = _initial_default_space(_os.environ)


def set_default_space(space):
    global _default_space
    if not isinstance(space, ExecutionSpace) or space is ExecutionSpace.Default:
        raise TypeError("pykokkos: set_default_space takes pk.ExecutionSpace.Serial, .OpenMP, ...")
    _default_space = space


def get_default_space():
    return _default_space


def _resolve_space(space):
    if space is ExecutionSpace.Default or space is None:
        space = _default_space
    if space.value not in _AVAILABLE:
        raise RuntimeError("pykokkos: execution space %s is not available in this build "
                           "(available: %s)" % (space.value, ", ".join(_AVAILABLE)))
    return space.value


class Layout(enum.Enum):
    LayoutDefault = "LayoutDefault"
    LayoutRight = "LayoutRight"
    LayoutLeft = "LayoutLeft"


class MemorySpace(enum.Enum):
    MemorySpaceDefault = "MemorySpaceDefault"
    HostSpace = "HostSpace"
    CudaSpace = "CudaSpace"
    CudaUVMSpace = "CudaUVMSpace"
    HIPSpace = "HIPSpace"
    HIPManagedSpace = "HIPManagedSpace"
    OpenMPTargetSpace = "OpenMPTargetSpace"


class Trait(enum.Enum):
    TraitDefault = "TraitDefault"
    Atomic = "Atomic"
    RandomAccess = "RandomAccess"
    Restrict = "Restrict"
    Unmanaged = "Unmanaged"


HostSpace = MemorySpace.HostSpace
LayoutRight = Layout.LayoutRight
LayoutLeft = Layout.LayoutLeft


# ------------------------------------------------------------------- views
class View:
    """A Kokkos view on host memory. `data` is a zero-copy NumPy array;
    managed views are zero-initialised Kokkos allocations."""

    _pk_view_data = True  # marks views for the native ufuncs

    def __new__(cls, shape=None, dtype=None, space=MemorySpace.MemorySpaceDefault, *args, **kwargs):
        # In a Cuda build, views of the Cuda memory spaces (or of the default
        # one while the default execution space is Cuda) live on the device
        # with a host mirror (_cuda.py).
        if cls is View and shape is not None and _cuda.DeviceView is not None and (
                space in (MemorySpace.CudaSpace, MemorySpace.CudaUVMSpace)
                or (space is MemorySpace.MemorySpaceDefault and _default_space is ExecutionSpace.Cuda)):
            cls = _cuda.DeviceView
        return object.__new__(cls)

    def __init__(self, shape, dtype=float64, space=MemorySpace.MemorySpaceDefault,
                 layout=Layout.LayoutDefault, trait=Trait.TraitDefault):
        if isinstance(shape, _builtin_int):
            shape = [shape]
        shape = [_builtin_int(s) for s in shape]
        self.dtype = _dtype_of(dtype)
        self.layout = layout
        self.space = space
        self.trait = trait
        self.data = _core.allocate(shape, self.dtype.np, layout == Layout.LayoutLeft)

    @classmethod
    def _wrap(cls, array, dtype=None):
        # object.__new__: View.__new__ only picks the Cuda class for new
        # allocations, and a wrap is on every translated call's path.
        v = object.__new__(cls)
        v.data = array
        v.dtype = dtype or _BY_NP[array.dtype]
        v.layout = Layout.LayoutLeft if (array.ndim > 1 and not array.flags.c_contiguous) else Layout.LayoutRight
        v.space = MemorySpace.HostSpace
        v.trait = Trait.Unmanaged
        return v

    @property
    def shape(self):
        return self.data.shape

    @property
    def size(self):
        return self.data.size

    def rank(self):
        return self.data.ndim

    def extent(self, dimension):
        return self.data.shape[dimension]

    def __array__(self, dtype=None):
        return self.data if dtype is None else self.data.astype(dtype)

    def __len__(self):
        return self.data.shape[0]

    def __iter__(self):
        return iter(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        self.data[key] = value

    def fill(self, value):
        self.data.fill(value)

    def __neg__(self):
        return -self.data

    def __pos__(self):
        return +self.data

    def __abs__(self):
        return abs(self.data)

    def __repr__(self):
        return "pk.View(%s, %r)\n%r" % (list(self.shape), self.dtype, self.data)


# Host arithmetic on views, as NumPy computes it, returning NumPy arrays: code
# from the translator's NumPy fallback mixes ufunc results with arrays
# (`1.0 + pk.exp(-Y * pk.dot(X, w))`, thesis snippet 2.3).
def _view_operator(name):
    def op(self, other):
        return getattr(self.data, name)(other.data if isinstance(other, View) else other)
    op.__name__ = name
    return op


for _op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow"):
    for _name in ("__%s__" % _op, "__r%s__" % _op):
        setattr(View, _name, _view_operator(_name))
del _op, _name


class _Generic:
    """Annotation names: pk.View1D[pk.double], pk.Acc[pk.int64], ..."""

    def __init__(self, name):
        self._name = name

    def __getitem__(self, item):
        return self

    def __repr__(self):
        return "pk." + self._name


View1D, View2D, View3D, View4D, View5D, View6D, View7D = (_Generic("View%dD" % r) for r in range(1, 8))
Acc = _Generic("Acc")
def array(ndarray, dtype=None, space=None, layout=None):
    """Wraps a C- or F-contiguous NumPy array without copying (kernel writes
    show in the array). bool arrays are copied to uint8, as upstream does."""
    if type(ndarray) is _np.ndarray:
        # The translated caller's path: a plain array of a view dtype, in C
        # order (or 1-D), checked with one read of its flags.
        d = _WRAP_DTYPES.get(ndarray.dtype)
        if d is not None:
            flags = ndarray.flags
            if flags.c_contiguous:
                v = object.__new__(View)
                v.data, v.dtype, v.layout, v.space, v.trait = (ndarray, d, Layout.LayoutRight, MemorySpace.HostSpace,
                                                                Trait.Unmanaged)
                return v
            if flags.f_contiguous:
                return View._wrap(ndarray, d)
    if isinstance(ndarray, View):
        return ndarray
    if not isinstance(ndarray, _np.ndarray):
        # Upstream: anything else goes through np.asarray (a list, a scalar): a copy.
        ndarray = _np.asarray(ndarray)
        if ndarray.ndim == 0:
            ndarray = ndarray.reshape(1)
    if not (ndarray.flags.c_contiguous or ndarray.flags.f_contiguous):
        raise ValueError("pykokkos: pk.array needs a C- or F-contiguous array (strides are ignored upstream); "
                         "pass np.ascontiguousarray(a)")
    if ndarray.dtype == _np.bool_:
        return View._wrap(ndarray.astype(_np.uint8), uint8)
    if ndarray.dtype not in _BY_NP:
        raise TypeError("pykokkos: arrays of dtype %s cannot be views" % ndarray.dtype)
    return View._wrap(ndarray)


def asarray(obj, dtype=None):
    """np.asarray(obj, dtype) as a view, as upstream: zero-copy for a
    contiguous array of a view dtype, else a converted copy."""
    if isinstance(obj, View) and dtype is None:
        return obj
    a = _np.asarray(obj.data if isinstance(obj, View) else obj,
                    dtype=None if dtype is None else _dtype_of(dtype).np)
    if not (a.flags.c_contiguous or a.flags.f_contiguous):
        a = _np.ascontiguousarray(a)
    if a.dtype == _np.bool_:
        return View._wrap(a, bool)
    if a.dtype not in _BY_NP:
        raise TypeError("pykokkos: arrays of dtype %s cannot be views" % a.dtype)
    return View._wrap(a)


def result_type(*types):
    """The type NumPy's promotion gives for views, pk dtypes and scalars, as a pk dtype."""
    def np_of(t):
        if isinstance(t, View):
            return t.dtype.np
        if isinstance(t, DataType):
            return t.np
        if isinstance(t, type) and t in (_builtin_int, _builtin_float, _builtin_bool):
            return _dtype_of(t).np
        return t
    r = _np.result_type(*[np_of(t) for t in types])
    if r not in _BY_NP:
        raise TypeError("pykokkos: result type %s is not a PyKokkos type" % r)
    return _BY_NP[r]


def iinfo(dtype):
    return _np.iinfo(_dtype_of(dtype).np if not isinstance(dtype, View) else dtype.dtype.np)


def finfo(dtype):
    return _np.finfo(_dtype_of(dtype).np if not isinstance(dtype, View) else dtype.dtype.np)


def astype(view, dtype):
    """A new managed view of `view`'s values converted to dtype."""
    v = View(list(view.shape), dtype)
    v.data[...] = _np.asarray(view)
    return v


def _strict():
    """PYKOKKOS_RT_STRICT=upstream: reject what upstream PyKokkos rejects."""
    mode = _os.environ.get("PYKOKKOS_RT_STRICT", "")
    if mode not in ("", "upstream"):
        raise ValueError("pykokkos: PYKOKKOS_RT_STRICT is 'upstream' or unset, got %r" % mode)
    return mode == "upstream"


# Upstream's creation functions take `dtype=None` (float64) and `device=None`
# (the array API's keyword; views live in the default memory space here).
def zeros(shape, dtype=None, space=MemorySpace.MemorySpaceDefault, layout=Layout.LayoutDefault, device=None):
    return View(shape, dtype or float64, space, layout)


def ones(shape, dtype=None, space=MemorySpace.MemorySpaceDefault, layout=Layout.LayoutDefault, device=None):
    if isinstance(shape, _builtin_int):
        raise TypeError("pykokkos: pk.ones takes a shape sequence (upstream pk.ones(3) fails): pk.ones([3])")
    v = View(shape, dtype or float64, space, layout)
    v.data.fill(1)
    return v


def full(shape, fill_value, dtype=None, space=MemorySpace.MemorySpaceDefault, layout=Layout.LayoutDefault,
         device=None):
    v = View(shape, dtype or float64, space, layout)
    v.data.fill(fill_value)
    return v


def zeros_like(view, dtype=None):
    return View(list(view.shape), dtype or _dtype_from_any(view))


def ones_like(view, dtype=None):
    return ones(list(view.shape), dtype or _dtype_from_any(view))


def full_like(view, fill_value, dtype=None):
    return full(list(view.shape), fill_value, dtype or _dtype_from_any(view))


def _dtype_from_any(v):
    if isinstance(v, View):
        return v.dtype
    return _BY_NP[_np.asarray(v).dtype]


# ---------------------------------------------------------------- policies
class RangePolicy:
    """RangePolicy(begin, end) or RangePolicy(space, begin, end). Bounds are
    32-bit Python ints; upstream refuses NumPy integers."""

    def __init__(self, *args):
        if len(args) == 3:
            space, begin, end = args
            if not isinstance(space, ExecutionSpace):
                raise TypeError("pykokkos: RangePolicy(space, begin, end) needs a pk.ExecutionSpace first")
        elif len(args) == 2:
            space = ExecutionSpace.Default
            begin, end = args
        else:
            raise TypeError("pykokkos: RangePolicy takes (begin, end) or (space, begin, end)")
        # Every translated call builds one: the common case is two comparisons.
        if type(begin) is _builtin_int and type(end) is _builtin_int and \
                _INT32_MIN <= begin <= _INT32_MAX and _INT32_MIN <= end <= _INT32_MAX:
            self.space, self.begin, self.end = space, begin, end
            return
        for b in (begin, end):
            if type(b) is not _builtin_int:
                raise TypeError("pykokkos: RangePolicy bounds must be Python int, got %s "
                                "(upstream refuses NumPy integers: wrap with int(...))" % type(b).__name__)
            if not _INT32_MIN <= b <= _INT32_MAX:
                raise OverflowError("pykokkos: RangePolicy bounds are 32-bit, got %d" % b)
        self.space = space
        self.begin = begin
        self.end = end


from ._mdrange import Iterate, MDRangePolicy, Rank  # noqa: E402,F401
from ._sort import BinOp1D, BinOp3D, BinSort  # noqa: E402,F401
from . import _fusion  # noqa: E402  (parallel_for(policy, [wu_0, wu_1], args_0={...}, args_1={...}))
from ._hierarchy import (AUTO, PerTeam, PerThread, ScratchView1D, ScratchView2D, ScratchView3D,  # noqa: E402
                         TeamMember, TeamPolicy, TeamThreadRange, TeamVectorRange, ThreadVectorRange, ViewTypeInfo,
                         callback, classtype, execute, functor, main, single, workload, _members)


def workunit(*args, **kwargs):
    """@pk.workunit (bare, or with upstream's keyword options, which only
    matter to upstream's GPU paths and are accepted and ignored)."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        args[0].__pk_workunit__ = True
        return args[0]

    def mark(f):
        f.__pk_workunit__ = True
        return f
    return mark


def function(*args, **kwargs):
    """@pk.function: a device helper; a plain Python function on the host."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        args[0].__pk_function__ = True
        return args[0]

    def mark(f):
        f.__pk_function__ = True
        return f
    return mark


def _scalar_code(v):
    t = type(v)
    if t is _builtin_bool:
        return "bool"
    if t is _builtin_int:
        return "i32" if _INT32_MIN <= v <= _INT32_MAX else "i64"
    if t is _builtin_float:
        return "f64"
    if isinstance(v, _np.generic):
        return _CODE.get(v.dtype)
    return None


def _arg_code(v):
    """Type propagation (dialect §5): the signature of one runtime value."""
    if type(v) is View:
        if v.trait is Trait.Atomic:  # Kokkos::MemoryTraits<Atomic>: every element access is atomic
            code = _arg_code(v.data)
            return code and code + ":A"
        v = v.data
    elif isinstance(v, View):
        v = v._signature_array()
    if isinstance(v, _np.ndarray):
        codes = _VIEW_CODES.get((v.dtype, v.ndim))  # None for rank 0 and other dtypes
        if codes is None:
            return None
        flags = v.flags
        if flags.c_contiguous:
            return codes[0]
        if flags.f_contiguous:
            return codes[1]
        return None
    return _scalar_code(v)


# (workunit function, kind ("for", ..., "reduce@team" for a TeamPolicy), space, signature) -> (kernel, params)
_specialisations = {}
_DISPATCH = {"for": "parallel_for", "reduce": "parallel_reduce", "scan": "parallel_scan"}


def _specialise(kind, wu, space, sig, kwargs, team):
    if not callable(wu) or not hasattr(wu, "__code__"):
        raise TypeError("pykokkos: %s expects a @pk.workunit function, got %r" % (_DISPATCH[kind.split(":")[0].split("@")[0]], wu))
    name = wu.__name__
    functor_class = ""
    if _inspect.ismethod(wu):
        cls = type(wu.__self__)
        functor_class = cls.__name__
        if not (getattr(cls, "__pk_functor__", False) or getattr(cls, "__pk_workload__", False)):
            raise DialectError("pykokkos: workunit method '%s' belongs to class %s, which is not decorated "
                               "@pk.functor or @pk.workload" % (name, functor_class))
        if cls.__qualname__ != functor_class or wu.__qualname__ != functor_class + "." + name:
            raise DialectError("pykokkos: functor %s is defined inside another function or class (%s); upstream "
                               "finds only top-level classes: move it to module level" % (functor_class, cls.__qualname__))
    elif getattr(wu, "__qualname__", name) != name:
        raise DialectError("pykokkos: workunit '%s' is defined inside another function or class (%s); "
                           "upstream finds only top-level workunits: move it to module level"
                           % (name, wu.__qualname__))
    for k, code in sig:
        value = kwargs[k]
        value = value.data if isinstance(value, View) else value
        if code is None and isinstance(value, _np.ndarray) and value.dtype in _CODE and value.ndim:
            raise TypeError("pykokkos: workunit '%s': array argument '%s' must be C- or F-contiguous "
                            "(pass np.ascontiguousarray(...))" % (name, k))
        if code is None:
            raise TypeError("pykokkos: workunit '%s': argument '%s' of type %s cannot be passed to a kernel "
                            "(views, NumPy arrays, int, float, bool and NumPy scalars can)"
                            % (name, k, type(kwargs[k]).__name__))
    path = _os.path.abspath(wu.__code__.co_filename)  # labels errors; keys survive a chdir
    if not _os.path.isfile(path):
        raise DialectError("pykokkos: workunit '%s' has no source file (%s): upstream finds workunits by "
                           "re-reading their module, so code from a REPL or exec() cannot run" % (name, path))
    kernel = _core.specialize(path, name, kind, list(sig), space, functor_class, team, _strict(),
                              _default_space.value)
    entry = (kernel, tuple(kernel.params))
    _specialisations[(getattr(wu, "__func__", wu), kind + "@team" if team else kind, space, sig)] = entry
    return entry


_warned_single_thread = set()


def _warn_single_thread(wu):
    """Once per workunit: a one-iteration range on the GPU is one GPU thread
    running the whole body, far slower than one host core."""
    import warnings
    _warned_single_thread.add(wu)
    warnings.warn("pykokkos: workunit '%s' is dispatched on pk.Cuda over a range of one iteration, so one GPU "
                  "thread runs it serially; dispatch serial work on pk.Serial (the host) instead"
                  % wu.__name__, RuntimeWarning, stacklevel=4)


def _dispatch(kind, args, kwargs, initial=None):
    if len(args) == 4 or (len(args) == 3 and not (args[0] is None or isinstance(args[0], str))):
        # Upstream's ([name,] policy, workunit, view_or_number): the last is the
        # target view of its lambda form or an initial value, neither of which
        # reaches a standalone workunit.
        if not isinstance(args[-1], (View, _builtin_int, _builtin_float)) or \
                (len(args) == 4 and not (args[0] is None or isinstance(args[0], str))):
            raise TypeError("pykokkos: %s: wrong arguments: it takes ([name,] policy, workunit[, view or number], "
                            "**kwargs); kernel arguments are keywords" % _DISPATCH[kind.split(":")[0]])
        args = args[:-1]
    if len(args) == 3:
        label, policy, wu = args
        if not (label is None or isinstance(label, str)):
            raise TypeError("pykokkos: %s(name, policy, workunit, ...): the name must be a str" % _DISPATCH[kind.split(":")[0]])
    elif len(args) == 2:
        policy, wu = args
    else:
        raise TypeError("pykokkos: %s takes ([name,] policy, workunit, **kwargs); kernel arguments are keywords"
                        % _DISPATCH[kind.split(":")[0]])
    team = False
    if type(policy) is _builtin_int:
        if not 0 <= policy <= _INT32_MAX:
            raise OverflowError("pykokkos: the iteration count must fit in 32 bits, got %d" % policy)
        begin, end, space = 0, policy, _default_space
    elif isinstance(policy, RangePolicy):
        begin, end, space = policy.begin, policy.end, policy.space
        if space is ExecutionSpace.Default:
            space = _default_space
    elif isinstance(policy, MDRangePolicy):
        kind = policy._kind(kind, wu)
        begin, end, space = 0, 1, policy.space
        if space is ExecutionSpace.Default:
            space = _default_space
    elif isinstance(policy, TeamPolicy):
        team = True
        begin, end, space = 0, policy.league_size, policy.space
        if space is ExecutionSpace.Default:
            space = _default_space
    else:
        raise TypeError("pykokkos: the policy must be a pk.RangePolicy, a pk.TeamPolicy or a Python int, got %s"
                        % type(policy).__name__)
    # Every translated call comes through here: the member's _value_, not the
    # .value property (nor a dict keyed by the enum, whose __hash__ is Python).
    space = space._value_
    if type(wu) is _MethodType:  # a workunit method of a functor or workload
        kwargs = _members(wu.__self__, dict(kwargs))
    sig = tuple(zip(kwargs, map(_arg_code, kwargs.values())))
    entry = _specialisations.get((getattr(wu, "__func__", wu), kind + "@team" if team else kind, space, sig))
    if entry is None:
        if space not in _AVAILABLE:
            _resolve_space(ExecutionSpace(space))
        entry = _specialise(kind, wu, space, sig, kwargs, team)
    if kind.startswith("reduce:"):  # a reducer's initial value (kernel arguments after the workunit's)
        kwargs = dict(kwargs)
        kwargs["crb.initial"] = 0 if initial is None else initial
        kwargs["crb.has_initial"] = 0 if initial is None else 1
    if type(policy) is MDRangePolicy:
        kwargs = policy._bounds(kwargs)
    if team:
        kwargs = dict(kwargs)
        kwargs["crb.team_size"] = policy.team_size
        kwargs["crb.vector_length"] = policy.vector_length
        kwargs["crb.scratch0"], kwargs["crb.scratch1"] = policy.scratch
    kernel, params = entry
    if space == "Cuda" and not team and end - begin == 1 and wu not in _warned_single_thread:
        _warn_single_thread(wu)
    values = []
    device_views = None
    for p in params:
        v = kwargs[p]
        if type(v) is View:
            v = v.data
        elif isinstance(v, View):  # a view on the GPU (_cuda.DeviceView)
            device_views = device_views or []
            device_views.append(v)
            v = v._kernel_arg(space)
        values.append(v)
    if end < begin:
        end = begin  # an empty range, as in Kokkos
    result = kernel(begin, end, tuple(values))
    if device_views:
        for v in device_views:
            v._after_kernel(space)
    return result


def parallel_for(*args, **kwargs):
    """parallel_for([name,] policy, workunit, **kwargs) -> None"""
    if args and type(args[-1]) is list:
        return _fusion.dispatch_fused(_dispatch, "for", args, kwargs)
    _dispatch("for", args, kwargs)


# pk.Max, pk.Min, pk.Prod: _reducers.py.
from ._reducers import Max, Min, Prod, _Reducer, _reducer_of  # noqa: E402,F401


def parallel_reduce(*args, **kwargs):
    """parallel_reduce([name,] policy, workunit, [reducer,] **kwargs) -> the sum,
    or with a reducer (pk.Max, pk.Min, pk.Prod, or pk.Max(initial) ...) the
    reduction it names. Sums start at 0 and ignore initial_value, as upstream."""
    kwargs.pop("initial_value", None)
    if args and type(args[-1]) is list:
        return _fusion.dispatch_fused(_dispatch, "reduce", args, kwargs)
    reducer = _reducer_of(args)
    if reducer is None:
        return _dispatch("reduce", args, kwargs)
    if _strict():
        raise TypeError("pykokkos: parallel_reduce with a pk.%s reducer is not PyKokkos that upstream accepts "
                        "(PYKOKKOS_RT_STRICT=upstream): upstream's parallel_reduce only sums (its functor has no "
                        "init or join) and refuses a reducer argument with 'ERROR: wrong arguments'; write the "
                        "reduction as an atomic into a one-element view (pk.atomic_fetch_%s(v, [0], x)), which "
                        "this runtime also runs as a reduction, or unset PYKOKKOS_RT_STRICT"
                        % (type(reducer).__name__, {"max": "max", "min": "min", "prod": "mul"}[reducer.op]))
    return _dispatch("reduce:" + reducer.op, args[:-1], kwargs, reducer.initial)


def parallel_scan(*args, **kwargs):
    """parallel_scan([name,] policy, workunit, **kwargs) -> the scan total."""
    kwargs.pop("initial_value", None)
    return _dispatch("scan", args, kwargs)


# ------------------------------------------------------------------- other
def fence(*args):
    _core.fence()


class Timer:
    def __init__(self):
        self._start = _time.perf_counter()

    def seconds(self):
        return _time.perf_counter() - self._start

    def reset(self):
        self._start = _time.perf_counter()


def printf(fmt, *args):
    print(fmt % args if args else fmt, end="")


def is_initialized():
    return _core.is_initialized()


def initialize(*args, **kwargs):
    _core.initialize()


def finalize():
    _core.finalize()


# Host atomics (pk.atomic_add & co): _atomics.py.
from . import _atomics  # noqa: E402
from ._atomics import (  # noqa: E402,F401
    atomic_add, atomic_compare_exchange, atomic_fetch_add, atomic_fetch_and, atomic_fetch_div,
    atomic_fetch_lshift, atomic_fetch_max, atomic_fetch_min, atomic_fetch_mod, atomic_fetch_mul,
    atomic_fetch_or, atomic_fetch_rshift, atomic_fetch_sub, atomic_fetch_xor, atomic_increment,
)

_atomics.init(View)


# ----------------------------------------------------------- host ufuncs
from ._ufuncs import *  # noqa: E402,F401,F403  (exp, sqrt, add, dot, sum, ...)
from . import _cuda  # noqa: E402  (pk.View on the GPU, in Cuda builds)

_cuda.init(View, _AVAILABLE)
CudaSpace = MemorySpace.CudaSpace
CudaUVMSpace = MemorySpace.CudaUVMSpace

from . import _views_api  # noqa: E402  (View ==, Subview, resize, the enum members as globals)
from ._views_api import from_array, from_numpy, get_default_memory_space, is_host_execution_space  # noqa: E402,F401

_views_api.init(_sys.modules[__name__])
from . import interface, linalg  # noqa: E402,F401  (upstream's module paths)

# Math constants, as the kernel language spells them.
pi = _math.pi
e = _math.e
inf = _math.inf
nan = _math.nan
