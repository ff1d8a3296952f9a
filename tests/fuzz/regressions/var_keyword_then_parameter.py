"""Slice expressions: a three-point smoothing written with shifted slices."""
import numpy as np
from numba import njit


# caramba: runas smooth(np.random.rand(N), np.zeros(N))
@njit
def smooth(**kwa, out):
    out[1:-1] = (a[:-2] + a[1:-1] + a[2:]) / 3.0
    out[0] = a[0]
    out[-1] = a[-1]
t = np.prod(a[:0])
