"""A kernel calling another jitted function (a device function after migration)."""
import numpy as np
from numba import njit, prange


# caramba: runas smoothstep(0.3)
@njit
def smoothstep(x):
    if x < 0.0:
        return 0.0
    if x > 1.0:
        return 1.0
    return x * x * (3.0 - 2.0 * x)


# caramba: runas apply_smoothstep(np.random.rand(N) * 1.4 - 0.2, np.zeros(N))
@njit(parallel=True)
def apply_smoothstep(a, out):
    for i in prange(a.shape[0]):
        out[i] = smoothstep(a[i])
