"""@vectorize ufuncs as the Numba documentation writes them ("Creating NumPy universal functions"):
eager signatures, several of them in the order NumPy tries them, target="parallel", and an @njit kernel
that calls a ufunc on scalars. Each ufunc is called the ways a ufunc is: arrays of its types and of
other types, broadcasting, scalars, out=.
"""
import math

import numpy as np
from numba import float32, float64, int32, int64, njit, vectorize


# The documentation's first example: one loop per type, tried in this order.
@vectorize([int32(int32, int32), int64(int64, int64), float32(float32, float32), float64(float64, float64)])
def f(x, y):
    return x + y


# caramba: runas f(rng.integers(0, 100, N), rng.integers(0, 100, N))
# caramba: runas f(rng.random(N).astype(np.float32), rng.random(N).astype(np.float32))
# caramba: runas f(rng.random((N2, N2)), rng.random(N2))
# caramba: runas f(3, 4)
# caramba: runas f(rng.random(N), 2.5)


@vectorize(["float64(float64, float64)"], target="parallel")
def rel_diff(x, y):
    return 2 * (x - y) / (x + y)


# caramba: runas rel_diff(rng.random(N) + 1.0, rng.random(N) + 1.0)
# caramba: runas rel_diff(rng.integers(1, 10, (N2, N2)), 2.0)
# caramba: runas rel_diff(3.0, 1.0)


@vectorize(["float64(float64)"], nopython=True)
def sigmoid(x):
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


# caramba: runas sigmoid(rng.standard_normal(N) * 10.0)
# caramba: runas sigmoid(rng.standard_normal((N2, N2)), out=np.zeros((N2, N2)))


@vectorize(["int64(int64, int64, int64)"])
def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


# caramba: runas clamp(rng.integers(-50, 50, N), -10, 10)


# caramba: runas log_loss(rng.standard_normal(N), rng.integers(0, 2, N).astype(np.float64))
@njit
def log_loss(z, y):
    loss = 0.0
    for i in range(z.shape[0]):
        p = sigmoid(z[i])
        loss -= y[i] * math.log(p + 1e-12) + (1.0 - y[i]) * math.log(1.0 - p + 1e-12)
    return loss / z.shape[0]
