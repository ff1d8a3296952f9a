"""MDRangePolicy (pykokkos-api.md §1.7): a parallel_for or parallel_reduce
over a 2-D to 6-D index space, the workunit taking one index per dimension
(`def init(self, i: int, j: int)`), run as Kokkos::MDRangePolicy."""
import enum

_INT32_MAX = 2 ** 31 - 1


class Iterate(enum.Enum):
    Default = "Default"
    Left = "Left"
    Right = "Right"


class Rank:
    """pk.Rank(n, iter_outer, iter_inner): the rank and iteration orders of an MDRangePolicy."""

    def __init__(self, n, iter_outer=Iterate.Default, iter_inner=Iterate.Default):
        self.n = int(n)
        self.iter_outer = iter_outer
        self.iter_inner = iter_inner


class MDRangePolicy:
    """MDRangePolicy(begin, end, tiling=None, space=Default, iter_outer=Default,
    iter_inner=Default, rank=None), or with the space first: bounds and tiles
    are lists of ints, one per dimension. The iteration orders only change the
    order the indices are visited in (Kokkos picks by default)."""

    def __init__(self, *args, tiling=None, space=None, iter_outer=Iterate.Default, iter_inner=Iterate.Default,
                 rank=None):
        from . import ExecutionSpace
        args = list(args)
        if args and isinstance(args[0], ExecutionSpace):
            space = args.pop(0)
        if len(args) < 2 or len(args) > 3:
            raise TypeError("pykokkos: MDRangePolicy takes ([space,] begin, end[, tiling])")
        begin, end = list(args[0]), list(args[1])
        if len(args) == 3:
            tiling = args[2]
        if len(begin) != len(end) or not 2 <= len(begin) <= 6:
            raise ValueError("pykokkos: MDRangePolicy needs begin and end of one length, 2 to 6, got %d and %d"
                             % (len(begin), len(end)))
        if rank is not None and getattr(rank, "n", len(begin)) != len(begin):
            raise ValueError("pykokkos: MDRangePolicy: pk.Rank(%d) does not match %d bounds" % (rank.n, len(begin)))
        tiling = [0] * len(begin) if tiling is None else list(tiling)
        if len(tiling) != len(begin):
            raise ValueError("pykokkos: MDRangePolicy: %d tile sizes for %d dimensions" % (len(tiling), len(begin)))
        for b in begin + end + tiling:
            if type(b) is not int:
                raise TypeError("pykokkos: MDRangePolicy bounds and tiles must be Python int, got %s"
                                % type(b).__name__)
            if not -(2 ** 31) <= b <= _INT32_MAX:
                raise OverflowError("pykokkos: MDRangePolicy bounds are 32-bit, got %d" % b)
        self.begin, self.end, self.tiling = begin, [max(b, e) for b, e in zip(begin, end)], tiling
        self.space = ExecutionSpace.Default if space is None else space
        self.iter_outer, self.iter_inner, self.rank = iter_outer, iter_inner, len(begin)

    def _kind(self, kind, wu):
        """The dispatch kind the kernel compiler takes: "for@md2", "reduce@md3"."""
        from . import _strict
        if kind not in ("for", "reduce"):
            raise TypeError("pykokkos: an MDRangePolicy runs parallel_for and parallel_reduce (Kokkos has no "
                            "multidimensional scan)")
        if _strict() and not hasattr(wu, "__self__"):
            raise TypeError("pykokkos: an MDRangePolicy with a standalone workunit is not PyKokkos that upstream "
                            "runs (PYKOKKOS_RT_STRICT=upstream): upstream's dispatch fails with \"'ExecutionSpace' "
                            "object has no attribute 'space'\"; make the workunit a method of a @pk.workload or "
                            "@pk.functor class, or flatten the loops into a RangePolicy")
        return "%s@md%d" % (kind, self.rank)

    def _bounds(self, kwargs):
        """The kernel's arguments after the workunit's: begin, end and tile per dimension."""
        kwargs = dict(kwargs)
        for d in range(self.rank):
            kwargs["crb.md_begin%d" % d] = self.begin[d]
            kwargs["crb.md_end%d" % d] = self.end[d]
            kwargs["crb.md_tile%d" % d] = self.tiling[d]
        return kwargs
