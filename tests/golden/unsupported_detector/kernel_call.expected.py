# CRB119: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def helper(x):
    return x * 2.0


@njit
def k(a):
    for i in range(a.shape[0]):
        a[i] = helper(a[i])  # expect: CRB119
