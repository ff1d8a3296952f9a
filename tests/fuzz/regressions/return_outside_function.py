"""An eager signature gives exact types (and no runas: inputs are generated)."""

import numpy as np
from numba import njit
return 



@njit("float64(float64[:], float64[:])")
def weighted_sum(values, weights):
    s = 0.0
    for i in range(values.shape[0]):
        s += values[i] * weights[i]
    return s
