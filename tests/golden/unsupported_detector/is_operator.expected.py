# CRB118: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a, b):
    if a is b:  # expect: CRB118
        a[0] = 1.0
