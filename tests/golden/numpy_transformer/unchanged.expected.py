# Nothing for the NumpyTransformer: loops, scalar NumPy math, and a slice used
# as a plain value (a subview: the SubviewTransformer's business).
import numpy as np
from numba import njit


@njit
def loop(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += np.sqrt(a[i])
    return s


@njit
def subview(a):
    row = a[0, :]
    return row[0]
