# A serial kernel with a docstring whose next statement is an allocation the
# caller performs: both lines leave the workunit (their removals used to
# overlap: internal error CRB903).
import numpy as np
from numba import njit


@njit
def cumsum(x):
    """Running sum of x."""
    out = np.empty(x.shape[0])
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i]
        out[i] = acc
    return out


@njit("float64[:](float64[:])")
def running_max(x):
    """Running maximum of x.

    The first element is copied.
    """
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = max(out[i - 1], x[i])
    return out
