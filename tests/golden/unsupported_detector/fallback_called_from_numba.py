# A kernel whose NumPy work can only run as plain Python (CRB515) loses its
# decorator; when a kernel that stays Numba code calls it, Numba would fail
# on the call ("Untyped global name"). So it stays Numba code, with the NumPy
# refusal that made it fall back and CRB132; the caller says why it cannot
# use it (here a call per element: a host program could not make it once).
# A fallback kernel called only from Python still falls back.
import numpy as np
from numba import njit


@njit("float64[:](float64[:])")
def unit(v):  # expect: CRB132
    return v / np.sqrt(np.sum(v * v))


@njit
def projection_length(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * unit(b)[i]  # expect: CRB119
    return s


@njit("float64[:](float64[:, :], float64[:])")  # expect: CRB515
def rotate(m, v):
    return np.dot(m, np.dot(m, v))
