# CRB122: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


def outer():
    @njit
    def k(a):  # expect: CRB122
        a[0] = 1.0
    return k
