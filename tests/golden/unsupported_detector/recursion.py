# CRB116: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)  # expect: CRB116
