# Module-level numbers bound once become their values in the kernels that read them.
import math

import numpy as np
from numba import njit

G = 6.674e-11
STEPS = 100
DT = 1.0 / STEPS
TWO_PI = 2 * np.pi
DEG = math.pi / 180.0
STENCIL = (-1.0, 2.0, -1.0)
SCALE = 2.0
TABLE = np.linspace(0.0, 1.0, 8)


@njit
def orbit(r, m):
    v = 0.0
    for _ in range(100):
        v += (1.0 / 100) * 6.674e-11 * m / (r * r)
    return v + math.sin((2 * np.pi) * (math.pi / 180.0))


@njit
def laplace(u, out):
    for i in range(1, u.shape[0] - 1):
        out[i] = (-1.0) * u[i - 1] + 2.0 * u[i] + (-1.0) * u[i + 1]


@njit
def shadowed(a):
    # a local of the same name is the kernel's own
    STEPS = a.shape[0]
    return STEPS * 6.674e-11


@njit
def kept(a, k):
    # rebound later, an array, a tuple indexed by a variable: stay as written
    return SCALE * TABLE[k] * STENCIL[k]


SCALE = 3.0
