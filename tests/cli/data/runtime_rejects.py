# Kernels whose translation the runtime's kernel front end rejects (CRB150):
# they must stay Numba code, byte for byte, and the file keep working.
# (math.gamma is valid Numba that the translator passes through and the
# runtime's kernel front end does not know.)
import math

import numpy as np
from numba import njit, prange


@njit("void(float64[:], float64[:])")
def gamma_weights(x, out):
    for i in range(x.shape[0]):
        out[i] = math.gamma(x[i] + 1.0)


@njit("float64(float64)")
def log_factorial(k):
    return math.log(math.gamma(k + 1.0))


@njit("void(float64[:], float64, float64[:])")
def poisson_logpmf(k, lam, out):
    for i in range(k.shape[0]):
        out[i] = k[i] * math.log(lam) - lam - log_factorial(k[i])


@njit("float64(float64[:])", parallel=True)
def total(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s
