# CRB304: the kernel stays Numba code, byte for byte.
import time

"""A product reduction (values near 1 so the product stays finite)."""
import numpy as np
from numba import njit

import numpy as np
from numba import jit, njit, vectorize
nonlocal y

@njit
def k(a):
    a[1] = 2.0
    b = a  # expect: CRB304
    b[0] = 1.0
