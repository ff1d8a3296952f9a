# The kernel allocates and returns an array: the caller allocates it with
# NumPy, passes it as a view and returns it.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def squares(x):
    n = x.shape[0]
    out = np.empty(n, dtype=np.float64)
    for i in prange(n):
        out[i] = x[i] * x[i]  # expect: CRB501
    return out


@njit
def counts(n):
    c = np.zeros((n, 2), dtype=np.int64)
    for i in range(n):
        c[i, 0] = i
        c[i, 1] = i * i
    return c
