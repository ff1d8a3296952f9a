# Early returns of a serial kernel: the value goes to acc, then return.
import numpy as np
from numba import njit


@njit("int64(float64[:], float64)")
def find_first(a, x):
    for i in range(a.shape[0]):
        if a[i] == x:
            return i
    return -1


@njit("void(float64[:])")
def clear_until_negative(a):
    for i in range(a.shape[0]):
        if a[i] < 0.0:
            return
        a[i] = 0.0
