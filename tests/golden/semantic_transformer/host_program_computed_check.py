import numpy as np
from numba import njit


# The shape check of a slice whose bound the kernel reads from an element
# cannot run in a caller before the kernel; the host program runs it where it
# stands, between its scalar statements and the phase.
@njit("void(float64[:], float64[:])")
def head_copy(a, b):  # expect: CRB523
    k = int(a[0] * 10.0)
    b[:k] = a[:k] * 2.0
