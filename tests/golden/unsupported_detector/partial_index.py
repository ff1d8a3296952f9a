# CRB302: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i, 0] + a[i].ptp()  # expect: CRB302, CRB303
    return s
