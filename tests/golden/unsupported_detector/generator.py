# CRB114: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(n):
    for i in range(n):
        yield i  # expect: CRB114
