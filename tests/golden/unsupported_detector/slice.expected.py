# CRB301: a slice that is neither bound to a name nor passed to a helper;
# the kernel stays Numba code, byte for byte.
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    b = a[1:][0]  # expect: CRB301
