# CRB111: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    t = time.time()  # expect: CRB111
    a[0] = t
