# CRB125: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    _pk_x = 1.0  # expect: CRB125
    a[0] = _pk_x  # expect: CRB125
