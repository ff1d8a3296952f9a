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
    # return v / np.sqrt(np.sum(v * v))
    _pk_np_acc1 = 0.0
    for _pk_np_i0 in range(v.shape[0]):
        _pk_np_acc1 += v[_pk_np_i0] * v[_pk_np_i0]
    _pk_np_r0 = np.empty(v.shape[0], dtype=np.float64)
    for _pk_np_i0 in range(v.shape[0]):
        _pk_np_r0[_pk_np_i0] = v[_pk_np_i0] / np.sqrt(_pk_np_acc1)
    return _pk_np_r0


@njit
def projection_length(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * unit(b)[i]  # expect: CRB119
    return s


def rotate(m, v):
    return np.dot(m, np.dot(m, v))
