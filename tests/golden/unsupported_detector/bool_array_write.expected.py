# CRB305: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit("void(boolean[:])")
def k(flags):
    for i in range(flags.shape[0]):
        flags[i] = True  # expect: CRB305
