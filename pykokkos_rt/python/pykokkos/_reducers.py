"""The reducers of parallel_reduce (this runtime's extension; upstream only
sums): pk.Max, pk.Min, pk.Prod, with or without an initial value."""
import numpy as _np

_builtin_int, _builtin_float = int, float


class _Reducer:
    """A reducer of parallel_reduce (this runtime's extension; upstream only
    sums). The workunit's accumulator starts at the reduction's identity in
    each thread (or at `initial`, for max and min) and the body updates it:
    `if x > acc: acc = x`, `acc *= x`. The result also covers `initial`."""
    op = None

    def __init__(self, initial=None):
        if initial is not None and not isinstance(initial, (_builtin_int, _builtin_float, _np.generic)):
            raise TypeError("pykokkos: pk.%s(initial): the initial value is a number, got %s"
                            % (type(self).__name__, type(initial).__name__))
        self.initial = initial


class Max(_Reducer):
    """pk.parallel_reduce(policy, workunit, pk.Max[(initial)], ...): the largest value (Kokkos::Max)."""
    op = "max"


class Min(_Reducer):
    """pk.parallel_reduce(policy, workunit, pk.Min[(initial)], ...): the smallest value (Kokkos::Min)."""
    op = "min"


class Prod(_Reducer):
    """pk.parallel_reduce(policy, workunit, pk.Prod[(initial)], ...): the product (Kokkos::Prod)."""
    op = "prod"


def _reducer_of(args):
    """The reducer given as the last positional argument, or None."""
    if len(args) < 3:
        return None
    last = args[-1]
    if isinstance(last, type) and issubclass(last, _Reducer):
        return last()
    return last if isinstance(last, _Reducer) else None
