# CRB129: the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a, n):  # expect: CRB129, CRB140
    n = n + 1
    a[0] = n
