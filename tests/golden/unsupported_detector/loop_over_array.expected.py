# CRB120: the kernel stays Numba code, byte for byte (a loop over reversed() is
# not rewritten as an index loop).
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):  # expect: CRB140
    s = 0.0
    for x in reversed(a):  # expect: CRB120
        s += x
    return s
