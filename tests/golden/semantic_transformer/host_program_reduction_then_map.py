import math

import numpy as np
from numba import njit


# A sum comes back from its phase (its initialisation moves into the phase);
# the host computes the norm and allocates the result.
@njit
def normalize(x):  # expect: CRB523
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i]
    norm = math.sqrt(s)
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] / norm
    return out


# A serial loop (it reads the previous element) is a phase of its own, then
# the map after it runs in parallel; `total` is read on the host.
@njit
def prefix_then_scale(a):  # expect: CRB523
    n = a.shape[0]
    c = np.empty(n)
    c[0] = a[0]
    for i in range(1, n):
        c[i] = c[i - 1] + a[i]
    total = c[n - 1]
    for i in range(n):
        c[i] = c[i] / total
    return c
