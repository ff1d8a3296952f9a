# np.linspace, np.arange, np.cumsum and masked reductions the NumpyTransformer
# does not lower: each kernel stays Numba code, byte for byte, with the reason.
import numpy as np
from numba import njit


@njit("float64[:](float64, float64, int64)")
def open_grid(a, b, n):
    return np.linspace(a, b, n, endpoint=False)  # expect: CRB203


@njit("float64[:](float64, float64, float64)")
def float_count(a, b, n):
    return np.linspace(a, b, n)  # expect: CRB203


@njit("uint8[:](int64)")
def byte_ramp(n):
    return np.arange(n, dtype=np.uint8)  # expect: CRB203


@njit("float32[:](float32[:])")
def narrow_scan(x):
    return np.cumsum(x)  # expect: CRB203


@njit("float64(float64[:])")
def selection_reused(x):
    sel = x[x > 0.0]  # expect: CRB203
    x[0] = 1.0
    return np.sum(sel)  # expect: CRB203
