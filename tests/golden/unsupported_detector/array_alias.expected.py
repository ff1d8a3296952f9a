# CRB304: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    a[1] = 2.0
    b = a  # expect: CRB304
    b[0] = 1.0
