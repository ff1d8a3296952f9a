# Helpers returning a tuple of scalars are written at their call sites.
import math

import numpy as np
from numba import njit


@njit
def to_polar(x, y):
    r = math.sqrt(x * x + y * y)
    return r, math.atan2(y, x)


@njit
def radii(p, out_r, out_phi):
    for i in range(p.shape[0]):
        r, phi = to_polar(p[i, 0], p[i, 1])
        out_r[i] = r
        out_phi[i] = phi


@njit
def min_max(a):
    lo = a[0]
    hi = a[0]
    for i in range(a.shape[0]):
        lo = min(lo, a[i])
        hi = max(hi, a[i])
    return lo, hi


@njit
def span(a):
    lo, hi = min_max(a)
    return hi - lo


@njit
def sign_split(x):
    # two returns: stays a call (CRB121/CRB119 later)
    if x < 0:
        return -x, -1
    return x, 1


@njit
def magnitudes(a, out):
    for i in range(a.shape[0]):
        m, s = sign_split(a[i])
        out[i] = m * s
