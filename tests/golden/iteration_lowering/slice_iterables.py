# Loops over a slice of an array with literal bounds become range loops over
# the elements the slice holds (the length clamped as Python clamps it).
import numpy as np
from numba import njit


@njit
def min_max(x):
    lo = x[0]
    hi = x[0]
    for v in x[1:]:
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    return lo, hi


@njit
def head_tail_sum(x):
    s = 0.0
    for v in x[:3]:
        s += v
    for v in x[2:-1]:
        s += 2.0 * v
    return s


@njit
def skipped(x, k):
    # a bound that is not a literal (it may be negative) stays as written
    s = 0.0
    for v in x[k:]:
        s += v
    for v in x[::2]:
        s += v
    return s
