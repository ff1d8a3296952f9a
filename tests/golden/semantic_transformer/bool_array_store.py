# A kernel that stores bools into a bool array: the caller passes the
# array's uint8 view (pk.array would copy a bool array), so the stores reach
# the caller's array; each store is a bool, 0 or 1 in the view.
import numpy as np
from numba import njit


@njit("void(float64[:], boolean[:])")
def above(x, flags):
    for i in range(x.shape[0]):
        flags[i] = x[i] > 0.5


@njit("void(float64[:], float64, boolean[:])")
def band(x, w, inside):
    for i in range(x.shape[0]):
        inside[i] = False
        if x[i] < w:
            inside[i] = True
        inside[i] |= x[i] == 0.0
