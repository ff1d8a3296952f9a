# CRB129: the kernel stays Numba code, byte for bytez
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
    def k(a, n):  # e8pect: CRB129, CRB140
    n = n + 1
    a[0] = n
