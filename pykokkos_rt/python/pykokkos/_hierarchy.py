"""Hierarchical parallelism on the host side (pykokkos-api.md §1.7):
TeamPolicy, pk.AUTO, PerTeam/PerThread, the nested-range and scratch-view
names (meaningful inside TeamPolicy workunits, where the kernel compiler
translates them), plus @pk.functor / @pk.workload classes and pk.execute."""
import numpy as _np

from . import (ExecutionSpace, View, _Generic, _builtin_bool, _builtin_float, _builtin_int,
               _dtype_of, _INT32_MAX, float64, get_default_space, set_default_space, _resolve_space)

TeamMember = _Generic("TeamMember")


class _Scratch(_Generic):
    """pk.ScratchView1D[T] annotates team scratch views; on the host,
    pk.ScratchView1D[T].shmem_size(n) is the bytes to reserve for one."""

    def __init__(self, name, rank, dtype=None):
        _Generic.__init__(self, name)
        self._rank = rank
        self._dtype = dtype

    def __getitem__(self, item):
        return _Scratch(self._name, self._rank, _dtype_of(item))

    def shmem_size(self, *extents, dtype=None):
        if len(extents) != self._rank:
            raise TypeError("pykokkos: %s.shmem_size takes %d extent(s)" % (self._name, self._rank))
        d = dtype or self._dtype or float64
        n = 1
        for e in extents:
            n *= _builtin_int(e)
        # Kokkos aligns each scratch allocation; reserve for that alignment too.
        return n * _dtype_of(d).np.itemsize + 128


ScratchView1D, ScratchView2D, ScratchView3D = (_Scratch("ScratchView%dD" % r, r) for r in range(1, 4))


class ViewTypeInfo:
    """@pk.workunit(x=pk.ViewTypeInfo(layout=..., space=..., trait=...)): the
    view's layout, space and trait as upstream reads them from the decorator."""

    def __init__(self, *, space=None, layout=None, trait=None):
        self.space = space
        self.layout = layout
        self.trait = trait


class _Auto:
    def __repr__(self):
        return "pk.AUTO"


AUTO = _Auto()  # Kokkos::AUTO: the space picks the team size


class PerTeam:
    """pk.PerTeam(bytes) for TeamPolicy.set_scratch_size on the host; inside
    a team workunit pk.PerTeam(team) selects pk.single's scope."""

    def __init__(self, value):
        self.value = value


class PerThread(PerTeam):
    pass


class TeamPolicy:
    """TeamPolicy(league, team[, vector]) or TeamPolicy(space, league, team[, vector]);
    team may be pk.AUTO (any non-int, as upstream)."""

    def __init__(self, *args):
        space = ExecutionSpace.Default
        if args and isinstance(args[0], ExecutionSpace):
            space, args = args[0], args[1:]
        if len(args) not in (2, 3):
            raise TypeError("pykokkos: TeamPolicy takes ([space,] league_size, team_size[, vector_length])")
        league, team = args[0], args[1]
        vector = args[2] if len(args) == 3 else 1
        if not isinstance(league, (_builtin_int, _np.integer)) or not 0 <= league <= _INT32_MAX:
            raise TypeError("pykokkos: the league size must be a non-negative 32-bit int, got %r" % (league,))
        self.space = space
        self.league_size = _builtin_int(league)
        self.team_size = _builtin_int(team) if isinstance(team, (_builtin_int, _np.integer)) else -1
        self.vector_length = _builtin_int(vector) if isinstance(vector, (_builtin_int, _np.integer)) else 1
        if self.team_size == 0 or self.vector_length < 1:
            raise ValueError("pykokkos: team size and vector length must be positive (or pk.AUTO)")
        self.scratch = [0, 0]

    def set_scratch_size(self, level, size):
        """Scratch memory per team at level 0 or 1 (pk.PerTeam(bytes)); returns the policy."""
        if level not in (0, 1):
            raise ValueError("pykokkos: scratch levels are 0 and 1")
        if type(size) is PerThread:
            raise NotImplementedError("pykokkos: per-thread scratch sizes are not supported; "
                                      "use pk.PerTeam(bytes) with the team's total")
        self.scratch[level] = _builtin_int(size.value if isinstance(size, PerTeam) else size)
        return self


def _range_stub(name):
    class _Range:
        """Only meaningful inside a TeamPolicy workunit (a nested dispatch's policy)."""

        def __init__(self, *args):
            raise TypeError("pykokkos: pk.%s only appears inside a TeamPolicy workunit" % name)
    _Range.__name__ = name
    return _Range


TeamThreadRange = _range_stub("TeamThreadRange")
ThreadVectorRange = _range_stub("ThreadVectorRange")
TeamVectorRange = _range_stub("TeamVectorRange")


def single(*args):
    raise TypeError("pykokkos: pk.single only appears inside a TeamPolicy workunit")


def _class_decorator(attr):
    def decorate(*args, **kwargs):
        if len(args) == 1 and isinstance(args[0], type) and not kwargs:
            setattr(args[0], attr, True)
            return args[0]

        def mark(cls):
            setattr(cls, attr, True)
            return cls
        return mark
    return decorate


# @pk.functor (or @pk.functor(x=pk.ViewTypeInfo(...))): a class whose
# @pk.workunit methods are dispatched as obj.method; its members (self.x:
# views and int/float/bool or NumPy scalars) are the kernel's data.
functor = _class_decorator("__pk_functor__")
# @pk.workload: a functor whose @pk.main method pk.execute runs.
workload = _class_decorator("__pk_workload__")
# @pk.classtype: a small class of annotated members. Kernels cannot take
# classtypes in this runtime; on the host it is an ordinary class.
classtype = _class_decorator("__pk_classtype__")


def main(f):
    """@pk.main: the method of a @pk.workload class that pk.execute runs."""
    f.__pk_main__ = True
    return f


def callback(f):
    """@pk.callback: a method of a @pk.workload class that pk.execute runs after the main."""
    f.__pk_callback__ = True
    return f


def execute(space, workload_obj):
    """Runs a @pk.workload: its @pk.main method on `space` (the workunits it
    dispatches run there unless their policy names a space), then its
    @pk.callback methods, as upstream does."""
    cls = type(workload_obj)
    if not getattr(cls, "__pk_workload__", False):
        raise TypeError("pykokkos: pk.execute takes an instance of a @pk.workload class, got %s" % cls.__name__)
    mains = [n for n, f in vars(cls).items() if getattr(f, "__pk_main__", False)]
    callbacks = [n for n, f in vars(cls).items() if getattr(f, "__pk_callback__", False)]
    if len(mains) != 1:
        raise TypeError("pykokkos: a @pk.workload needs exactly one @pk.main method, %s has %d" % (cls.__name__, len(mains)))
    saved = get_default_space()
    if isinstance(space, ExecutionSpace) and space is not ExecutionSpace.Default:
        _resolve_space(space)
        set_default_space(space)
    try:
        getattr(workload_obj, mains[0])()
    finally:
        set_default_space(saved)
    for name in callbacks:
        getattr(workload_obj, name)()


_KERNEL_MEMBER_TYPES = (_builtin_int, _builtin_float, _builtin_bool, _np.generic, _np.ndarray)


def _members(obj, kwargs):
    """A functor's kernel data: its views and scalars, as "self.<name>" arguments."""
    from . import _arg_code  # defined after this module is imported
    for k, v in vars(obj).items():
        if isinstance(v, (View,) + _KERNEL_MEMBER_TYPES) and _arg_code(v) is not None:
            kwargs["self." + k] = v
    return kwargs
