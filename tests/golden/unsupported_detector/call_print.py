# CRB111: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    for i in range(a.shape[0]):
        print(a[i])  # expect: CRB111
