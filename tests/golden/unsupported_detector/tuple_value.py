# CRB121: the kernel stays Numba code, byte for byte.
import numpy as np
from numba import njit


@njit
def k(a):
    p = (1.0, 2.0)  # expect: CRB121
    a[0] = 1.0
