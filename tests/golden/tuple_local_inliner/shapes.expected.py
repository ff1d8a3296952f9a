# Local tuples of scalars are written where they are used; the binding goes.
import numpy as np
from numba import njit


@njit
def grid(n, m, h):
    x = np.zeros((n, m))
    for i in range(n):
        for j in range(m):
            x[i, j] = h * (i + j)
    return x


@njit
def rows(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i, a.shape[1] - 1]


@njit
def kept(a, n):
    # n changes after the binding: the tuple stays (CRB121 later)
    t = (n, 2)
    n = n + 1
    return t[0] * n
