# A local first set in two branches is declared once, hoisted out of the branches
# and out of the loop (a value set in one iteration may be read in the next).
import numpy as np
from numba import njit


@njit("float64(float64[:])")
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
