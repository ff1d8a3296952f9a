import numpy as np
from numba import njit


@njit("float64(float64)")
def f(x):
    y = x + 1
        return y
