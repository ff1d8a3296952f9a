# CRB128: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit("int64(int64)")
def k(n):
    c = 0
    while min(n, 10) > c:  # expect: CRB128
        c += 1
    return c
