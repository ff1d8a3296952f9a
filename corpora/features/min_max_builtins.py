"""min() and max() on floats and on integers (which must stay integers)."""
import numpy as np
from numba import njit


# caramba: runas clip(np.random.randn(N), np.zeros(N), -0.5, 0.75)
@njit
def clip(a, out, lo, hi):
    for i in range(a.shape[0]):
        out[i] = min(max(a[i], lo), hi)


# caramba: runas int_range(np.random.randint(-1000, 1000, N))
@njit
def int_range(a):
    lo = a[0]
    hi = a[0]
    for i in range(a.shape[0]):
        lo = min(lo, a[i])
        hi = max(hi, a[i])
    return hi - lo
