# Chained assignments become one assignment per target (signal_analysis.py's
# biquad, sorting_searching.py's merge_sorted); a computed value is computed
# once and copied, an element target with a computed value stays (the
# KernelPlan refuses it: semantic_transformer/chained_assignments.py).
import numpy as np
from numba import njit


@njit
def biquad(x, b, a):
    y = np.zeros_like(x)
    x1 = 0.0
    x2 = 0.0
    y1 = 0.0
    y2 = 0.0
    for n in range(x.shape[0]):
        y[n] = b[0] * x[n] + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2
        x2, x1 = x1, x[n]
        y2, y1 = y1, y[n]
    return y


@njit
def merge_sorted(a, b):
    out = np.empty(a.size + b.size)
    i = 0
    j = 0
    k = 0
    while i < a.size and j < b.size:
        if a[i] <= b[j]:
            out[k] = a[i]
            i += 1
        else:
            out[k] = b[j]
            j += 1
        k += 1
    return out


@njit
def shared_buffer(n):
    scratch = np.zeros(n)
    work = scratch
    scratch[0] = 1.0
    return work


@njit
def element_pair(u, v, c):
    u[0] = v[0] = c * 2.0
