import math

import numpy as np
from numba import njit


# A sum comes back from its phase (its initialisation moves into the phase);
# the host computes the norm and allocates the result.
@njit
def _pk_normalize_phase1(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i]
    return s


@njit
def _pk_normalize_phase2(x, out, norm: "float64"):
    for i in range(x.shape[0]):
        out[i] = x[i] / norm


def normalize(x):  # expect: CRB523
    s = _pk_normalize_phase1(x)
    norm = math.sqrt(s)
    out = np.empty_like(x)
    _pk_normalize_phase2(x, out, norm)
    return out


# A serial loop (it reads the previous element) is a phase of its own, then
# the map after it runs in parallel; `total` is read on the host.
@njit
def _pk_prefix_then_scale_phase1(a, n: "int64", c):
    for i in range(1, n):
        c[i] = c[i - 1] + a[i]


@njit
def _pk_prefix_then_scale_phase2(n: "int64", c, total: "float64"):
    for i in range(n):
        c[i] = c[i] / total


def prefix_then_scale(a):  # expect: CRB523
    n = a.shape[0]
    c = np.empty(n)
    c[0] = a[0]
    _pk_prefix_then_scale_phase1(a, n, c)
    total = c[n - 1]
    _pk_prefix_then_scale_phase2(n, c, total)
    return c
