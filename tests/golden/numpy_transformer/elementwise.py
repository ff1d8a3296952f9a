# Slice assignments and element-wise expressions: Python's slice bounds
# (negative, clipped), NumPy broadcasting (a length-1 dimension has stride 0,
# other mismatches raise ValueError in the caller), and a temporary when the
# right-hand side reads the target through other indices.
import numpy as np
from numba import njit


@njit
def smooth(a, out):
    out[1:-1] = (a[:-2] + a[1:-1] + a[2:]) / 3.0


@njit
def shift(a):
    a[1:] = a[:-1]


@njit("void(float64[:, :], float64[:])")
def add_row(m, v):
    m[:, 1:] += 2.0 * v[1:]


@njit
def rows(a, out):
    for i in range(a.shape[0]):
        out[i, :] = a[i, :] * (i + 1)


@njit
def radius(a, b, r):
    n = a.shape[0]
    for k in range(1, r + 1):
        b[r:n - r] += a[r - k:n - r - k]


@njit
def kick(v, f, dt):
    # dt may be a scalar or a row broadcast over v[i, :]: both are valid
    # Numba, so nothing is lowered on a guess (recorded types decide).
    for i in range(v.shape[0]):
        v[i, :] += dt * f[i, :]


@njit
def matvec(a, x, y):
    # x is only ever passed whole to np.dot: its rank is not guessed.
    for i in range(a.shape[0]):
        y[i] = np.dot(a[i, :], x)
