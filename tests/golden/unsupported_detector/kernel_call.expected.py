# CRB119: a helper that allocates cannot become a @pk.function; the kernel
# that calls it stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def helper(x):  # expect: CRB132
    t = np.zeros(3)
    t[0] = x
    return t[0] * 2.0


@njit
def k(a):
    for i in range(a.shape[0]):
        a[i] = helper(a[i])  # expect: CRB119
