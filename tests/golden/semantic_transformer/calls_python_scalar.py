# Scalar helpers that both a kernel and Python code call (the Lennard-Jones
# style): Python calls the @pk.function copy directly, with no launch, when
# CPython computes its body exactly as Numba does (float64 arithmetic, a
# square root of a sum of squares); `math.exp` may overflow, which CPython
# raises where Numba returns inf, so `weight` keeps its launch.
import math

import numba
import numpy as np


@numba.njit("float64(float64)")
def lj(r):
    """Pair energy at distance r."""
    sr6 = (1.0 / r) ** 6
    return 4.0 * (sr6 * sr6 - sr6)


@numba.njit("float64(float64, float64)")
def dist(dx, dy):
    return math.sqrt(dx * dx + dy * dy)


@numba.njit("float64(float64)")
def weight(r):
    return math.exp(-r)


@numba.njit("float64(float64[:, :])", parallel=True)
def energy(pos):
    e = 0.0
    for i in numba.prange(pos.shape[0]):
        r = dist(pos[i, 0], pos[i, 1])
        e += lj(r) * weight(r)
    return e
