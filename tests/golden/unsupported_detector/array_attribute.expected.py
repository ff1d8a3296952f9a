# CRB303: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    b = a.T  # expect: CRB303
    a[0] = 1.0
