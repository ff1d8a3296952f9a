# np.float64(x) and np.int64(x) casts: pk.double(x), and an int64 declaration
# (C++ conversion truncates toward zero like NumPy).
import numpy as np
from numba import njit


@njit("void(float64[:], int64[:])")
def casts(x, k):
    for i in range(x.shape[0]):
        j = np.int64(x[i] * 3.0)
        k[i] = j + np.int64(x[i])
        x[i] = np.float64(k[i]) / 2.0
