import numpy as np
from numba import njit


@njit("void(float64[:, :])")
def corners(a):
    a[0, 0] = a[-1, -1]
    a[-1, 0] = a[0, -2]
