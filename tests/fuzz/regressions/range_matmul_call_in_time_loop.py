import numpy as np
from numba import njit


# The loop's iterable is `range @ njit(steps)`, a binary operator where a call
# was expected; the copy inside made the NumPy lowering ask whether the loop
# is a prange, through the call's missing `function` field.
@njit("float64[:, :](float64[:, :], int64)")
def relax(u, steps):
    for t in range@njit(steps):
        un = u.copy()
        u[1:-1, 1:-1] = 0.25 * (un[1:-1, :-2] + un[1:-1, 2:] + un[2:, 1:-1] + un[:-2, 1:-1])
    return u
