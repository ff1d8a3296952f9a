# The whole pipeline: `scale` translates and kernels call its element
# helper; `shift` is called by a kernel that stays Numba code (it prints), so
# it stays Numba code too, and CRB101 says why.
import numpy as np
from numba import njit, vectorize


@vectorize(["float64(float64, float64)"])
def scale(x, k):
    return x * k


@vectorize(["float64(float64)"])  # expect: CRB101
def shift(x):
    return x + 1.0


@njit
def scaled_sum(x, k):
    s = 0.0
    for i in range(x.shape[0]):
        s += scale(x[i], k)
    return s


@njit
def show(x):
    for i in range(x.shape[0]):
        print(shift(x[i]))  # expect: CRB111
