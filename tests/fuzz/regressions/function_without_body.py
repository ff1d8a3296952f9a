import numpy as np
from numba import njit


@njit("float64(float64)")
def f(x):


def g():
    return 1
