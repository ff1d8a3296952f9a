# No kernel reads a module constant: nothing changes.
import numpy as np
from numba import njit

N = 100


@njit
def fill(a, value):
    for i in range(a.shape[0]):
        a[i] = value


def host():
    return np.zeros(N)
