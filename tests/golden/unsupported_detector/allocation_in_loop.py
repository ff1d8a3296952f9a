# CRB202: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    for i in range(3):
        t = np.zeros(i + 1)  # expect: CRB202
        t[0] = a[i]
        a[i] = t[0]
