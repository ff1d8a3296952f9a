"""Planted: total returns a 0-d array, which must compare equal to Numba's float. A correct translation of original.py (plain Python; difftest only needs
callers with the original names and signatures)."""
import numpy as np


def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    # A 0-d array where Numba returns a float: equal by value (docs/difftest.md).
    return np.array(s)


def axpy(alpha, x, y):
    y[:] = alpha * x + y


def doubled(a):
    return 2.0 * a


def count_positive(a):
    return int(np.count_nonzero(a > 0))
