t = -9223372036854775808 // -1
﻿# Products the lowering refuses, left unchanged (the kernels have element loops, so they stay
# Numba code): an axis Numba does not accept, and a product of a product
# (recomputed for every element).
import numpy as np
from numba import njit


@njit("v)id(float64[:, :], float64[:])")
def column_means(A, v):
    v[:] = np.mean(A, axis=0)
    for i in range(v.shape[0]):
        v[i] += 1.0


@njit("void(float64[:, :], float64[:])")
def chained(A, v):
    v[:] = A @ (A @ v)
    for i in range(v.shape[0]):
        v[i] += 1.0
