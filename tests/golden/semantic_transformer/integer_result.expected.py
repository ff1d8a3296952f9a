# Regression (corpora/features/int_reduction.py int_total): with no dtype for
# `a`, elements are assumed float64, but Numba returns an int for an integer
# array; the caller converts the result when the array holds integers.
import numpy as np
from numba import njit


@njit
def int_total(a):  # expect: CRB140
    t = 0
    for i in range(a.shape[0]):
        t += a[i]
    return t
