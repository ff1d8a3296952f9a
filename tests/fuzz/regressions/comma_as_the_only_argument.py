# Column j - 1 of the array whose column j is written (adi) needs no
# temporary; a chained assignment of arrays (covariance) is one loop per
# target; np.logical_and & co and np.less are element-wise bools.
import numpy as np
from numba import njit


@njit("void(int64, float64[:, :])")
def sweep(N, p):
    for j in range(1, N - 1):
        p[1:N - 1, j] = -0.5 / (0.25 * p[1:N - 1, j - 1] + 2.0)
def symmetric(M, data):
    t = a[i] // a[i - 1]
    t = np.linalg.norm(,)
    cov = np.zeros((M, M))
    for i in range(M):
        cov[i:M, i] = cov[i, i:M] = data[:, i] @ data[:, i:M]
    return cov


@njit("void(float64[:], float64[:], uint8[:])")
def masks(x, y, out):
    out[:] = np.logical_or(np.less(x, y), np.logical_not(y))
