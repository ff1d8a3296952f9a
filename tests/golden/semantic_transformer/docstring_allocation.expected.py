# A serial kernel with a docstring whose next statement is an allocation the
# caller performs: both lines leave the workunit (their removals used to
# overlap: internal error CRB903).
import numpy as np
import pykokkos as pk
import math


@pk.workunit
def _pk_cumsum(tid, x, out: pk.View1D[pk.double]):
    acc: pk.double = 0.0
    for i in range(x.extent(0)):
        acc += x[i]
        out[i] = acc


def cumsum(x):
    """Running sum of x."""
    out = np.empty(int(x.shape[0]))
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_cumsum, x=pk.array(x), out=pk.array(out))
    return out


@pk.workunit
def _pk_running_max(tid, x: pk.View1D[pk.double], out: pk.View1D[pk.double]):
    out[0] = x[0]
    for i in range(1, x.extent(0)):
        out[i] = math.fmax(out[i - 1], x[i])


def running_max(x):
    """Running maximum of x.

    The first element is copied.
    """
    out = np.empty_like(x)
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_running_max,
        x=pk.array(x),
        out=pk.array(out))
    return out
