# CRB127: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    return a[0], a[1]  # expect: CRB127
