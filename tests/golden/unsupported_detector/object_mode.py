# CRB107: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@jit(forceobj=True)  # expect: CRB107
def k(a):
    a[0] = 1.0
