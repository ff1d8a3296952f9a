# Loops the dependence analysis cannot prove independent keep the serial
# one-index dispatch, unchanged from --parallelize=none.
import numpy as np
from numba import njit


@njit
def prefix_sum(a, out):
    out[0] = a[0]
    for i in range(1, a.shape[0]):
        out[i] = out[i - 1] + a[i]


@njit
def carried(a, out):
    prev = 0.0
    for i in range(a.shape[0]):
        out[i] = a[i] - prev
        prev = a[i]


@njit
def scatter(idx, a, out):
    for i in range(a.shape[0]):
        out[idx[i]] = a[i]
