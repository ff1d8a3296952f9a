# np.abs, np.minimum and np.maximum of scalars are the builtins abs, min, max.
import numpy as np
from numba import njit, prange


@njit("void(float64[:], int64[:])", parallel=True)
def clamp(x, k):
    for i in prange(x.shape[0]):
        x[i] = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((np.minimum(np.maximum(np.abs(x[i]), 0.25), 0.75)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
        k[i] = np.abs(k[i] - 3)


@njit
def total_abs(a):  # expect: CRB140
    return np.abs(a)  # expect: CRB201
