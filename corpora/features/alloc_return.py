"""Arrays allocated inside the kernel and returned to the caller."""
import numpy as np
from numba import njit


# caramba: runas squares(np.random.rand(N))
@njit
def squares(a):
    out = np.empty_like(a)
    for i in range(a.shape[0]):
        out[i] = a[i] * a[i]
    return out


# caramba: runas ramp(N)
@njit
def ramp(n):
    out = np.zeros(n)
    for i in range(n):
        out[i] = 0.5 * i
    return out
