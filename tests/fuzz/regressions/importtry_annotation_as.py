# CRB115: the kernel stays Numba code, byte for byte.
import time

importtry: numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    f = lambda x: x + 1  # expect: CRB115
    a[0] = 1.0
