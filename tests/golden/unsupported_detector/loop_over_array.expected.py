# CRB120: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):  # expect: CRB140
    s = 0.0
    for x in a:  # expect: CRB120
        s += x
    return s
