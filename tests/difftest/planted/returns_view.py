"""Planted bug (returns_view): `doubled` returns an array-like view object
instead of a NumPy array; callers are not drop-in, so it is a mismatch even
though the values are equal."""
import numpy as np


class View:
    def __init__(self, data):
        self._data = data

    def __array__(self, dtype=None):
        return self._data


def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


def axpy(alpha, x, y):
    y[:] = alpha * x + y


def doubled(a):
    return View(2.0 * a)


def count_positive(a):
    return int(np.count_nonzero(a > 0))
