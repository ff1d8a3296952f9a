# CRB305: a store that is not a bool stays Numba code, byte for byte (the
# array holds the store as uint8: 0.5 would be 0, Numba's bool is True).
import time

import numpy as np
from numba import jit, njit, vectorize


@njit("void(boolean[:], float64[:])")
def k(flags, x):
    for i in range(flags.shape[0]):
        flags[i] = x[i]  # expect: CRB305


@njit("void(boolean[:], int64[:])")
def counts(flags, c):
    for i in range(flags.shape[0]):
        flags[i] += c[i] > 0  # expect: CRB305
