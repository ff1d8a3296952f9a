# CRB113: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize
            

@njit
def k(a):
    try:  # expect: CRB113
        a[0] = 1.0