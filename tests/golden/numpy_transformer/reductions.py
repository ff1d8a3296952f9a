# Reductions become accumulator loops before their statement. np.max/np.min of
# an empty array and np.mean of one raise (guards the caller performs); np.dot
# checks the vector lengths.
import numpy as np
from numba import njit


@njit
def stats(a, b):
    s = np.sum(a) + a.sum()
    m = np.mean(a[1:-1])
    hi = np.max(a)
    lo = np.min(b[2:])
    d = np.dot(a, b)
    n = np.linalg.norm(a)
    p = np.prod(b[:4])
    return s + m + hi + lo + d + n + p


@njit
def total2d(a):
    return np.sum(a[1:, :] * 2.0)
