# CRB123: the kernel stays Numba code, byte for byte. N is bound twice, so
# it is not a constant Caramba can write into the kernel.
import time

import numpy as np
from numba import jit, njit, vectorize


N = 10


@njit
def k(a):
    for i in range(N):  # expect: CRB123
        a[i] = 0.0


N = 20
