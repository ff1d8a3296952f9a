"""Scalar math from math and numpy inside a kernel."""
import math

import numpy as np
from numba import njit, prange


# caramba: runas transcendental(np.random.rand(N) + 0.5, np.zeros(N))
@njit(parallel=True)
def transcendental(a, out):
    for i in prange(a.shape[0]):
        x = a[i]
        out[i] = (math.sqrt(x) + math.exp(-x) + math.log(x) + math.sin(x) * math.cos(x)
                  + math.atan2(x, 1.0) + np.tanh(x) + math.floor(3.7 * x) + abs(x - 1.0) + x ** 1.5)
