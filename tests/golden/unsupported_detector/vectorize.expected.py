# CRB101: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@vectorize  # expect: CRB101
def k(x):
    return x + 1.0
