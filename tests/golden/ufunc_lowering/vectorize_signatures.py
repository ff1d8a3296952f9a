# The Numba documentation's ufuncs: each signature becomes an @njit element
# helper of that exact signature and an element-wise kernel over flat arrays,
# the ufunc's name a _pk_ufunc that tries the signatures in their order; the
# kernel's call of the one-signature ufunc calls its element helper.
import math

import numpy as np
from numba import float32, float64, njit, vectorize


@vectorize([float32(float32, float32), float64(float64, float64)])
def add(x, y):
    return x + y


@vectorize(["float64(float64)"], target="parallel")
def sigmoid(x):
    """The logistic function."""
    return 1.0 / (1.0 + math.exp(-x))


@njit
def mean_probability(z):
    s = 0.0
    for i in range(z.shape[0]):
        s += sigmoid(z[i])
    return s / z.shape[0]
