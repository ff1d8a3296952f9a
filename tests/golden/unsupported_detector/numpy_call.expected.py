# CRB201: the kernel stays Numba code, byte for byte (np.interp has no row in
# the NumPy table; np.sum is lowered by the NumpyTransformer).
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):  # expect: CRB140
    return np.interp(a, a, a)  # expect: CRB201
