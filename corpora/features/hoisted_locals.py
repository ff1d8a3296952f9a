"""Locals first set in two branches, and a value carried between iterations
of a serial loop: declarations must be hoisted, not re-initialised."""
import numpy as np
from numba import njit


# caramba: runas piecewise(np.random.randn(N))
@njit
def piecewise(a):
    total = 0.0
    for i in range(a.shape[0]):
        if a[i] > 0.0:
            w = 2.0
        else:
            w = 0.5
        total += w * a[i]
    last = 0.0
    for i in range(a.shape[0]):
        if i > 0:
            total += a[i] - last
        last = a[i]
    return total
