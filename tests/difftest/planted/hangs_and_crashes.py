"""Misbehaving translation: `total` never returns, `axpy` kills its process,
`doubled` raises. difftest must give timeout, error and error, and still
report `count_positive` as equal (a restarted driver runs the cases left)."""
import os

import numpy as np


def total(a):
    while True:
        pass


def axpy(alpha, x, y):
    os._exit(7)


def doubled(a):
    raise RuntimeError("planted failure")


def count_positive(a):
    return int(np.count_nonzero(a > 0))
