"""Planted bug (wrong_operator): must be reported as a mismatch."""
import numpy as np


def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


def axpy(alpha, x, y):
    y[:] = alpha * x + y


def doubled(a):
    return 2.0 + a


def count_positive(a):
    return int(np.count_nonzero(a > 0))
