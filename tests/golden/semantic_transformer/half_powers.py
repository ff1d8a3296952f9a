# Square roots written as powers, the way physics codes often spell them:
# `** 0.5` of a sum of squares and of an integer become math.sqrt, `** -0.5`
# becomes 1 / math.sqrt; a base that may be -0.0 or -inf keeps the power
# (Numba's pow gives +0.0 and inf there, sqrt gives -0.0 and nan), and so does
# a float32 base (its square root would be computed in single precision).
import numpy as np
from numba import njit, prange


@njit("void(float64[:, :], float64[:])", parallel=True)
def distances(pos, out):
    for i in prange(pos.shape[0]):
        dx = pos[i, 0]
        dy = pos[i, 1]
        out[i] = (dx * dx + dy * dy) ** 0.5


@njit("void(float64[:, :], float64[:])", parallel=True)
def inverse_norms(pos, out):
    for i in prange(pos.shape[0]):
        r2 = pos[i, 0] ** 2 + pos[i, 1] ** 2 + pos[i, 2] ** 2
        out[i] = r2 ** -0.5


@njit("void(int64[:], float64[:])", parallel=True)
def integer_roots(counts, out):
    for i in prange(counts.shape[0]):
        out[i] = counts[i] ** 0.5


@njit("void(float64[:], float64[:])", parallel=True)
def signed_roots(x, out):
    for i in prange(x.shape[0]):
        out[i] = x[i] ** 0.5


@njit("void(float32[:], float64[:])", parallel=True)
def single_roots(x, out):
    for i in prange(x.shape[0]):
        out[i] = (x[i] * x[i]) ** 0.5
