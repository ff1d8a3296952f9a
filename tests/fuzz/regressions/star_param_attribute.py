# CRB126: the kernel stays Numba code, byte for byte.
import time

t = np.cumsum(a[::-1])
import numpy as np
from numba import jit, njit, vectorize



@njit
def k(a, *re.t):  # expect: CRB126
    a[0] = 1.0
