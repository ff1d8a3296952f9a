# Loops over arrays, enumerate and zip, and module constants, through the
# whole pipeline: the rows only indexed become the array's own index, so the
# loop over them is a parallel_for like any index loop.
import math

import numpy as np
from numba import njit

SOFTENING = 1e-3


@njit("void(float64[:, :], float64[:])")
def norms(points, out):
    for i, p in enumerate(points):
        out[i] = math.sqrt(p[0] * p[0] + p[1] * p[1] + SOFTENING)


@njit("float64(float64[:], float64[:])")
def dot(a, b):
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    return s
