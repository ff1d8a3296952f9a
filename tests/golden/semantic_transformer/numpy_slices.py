# NumPy slice assignments and reductions end to end: the NumpyTransformer's
# loops become the workunit; its shape checks run in the caller, inside the
# range loops that enclose them in the kernel (or under `if len(range(...))`
# when they do not use the loop variable).
import numpy as np
from numba import njit


@njit
def star2(a, b):
    n = a.shape[0]
    m = a.shape[1]
    b[2:n - 2, 2:m - 2] += 0.4 * a[2:n - 2, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.05 * a[0:n - 4, 2:m - 2]


@njit
def radius(a, b, r):
    n = a.shape[0]
    for k in range(1, r + 1):
        b[r:n - r] += a[r - k:n - r - k]


@njit
def rows(a, out):
    for i in range(a.shape[0]):
        out[i, :] = a[i, :] * (i + 1)


# caramba: runas spread(np.random.rand(N))
@njit("float64(float64[:])")
def spread(a):
    return np.max(a) - np.min(a)
