# This case tests the one-workunit model.
# caramba-options: --no-phases
# Regression (corpora/features/negative_index.py cyclic_diff): `a[i - 1]` with
# i from 0 reads the last element in Numba; the view index wraps explicitly.
# With a range starting at 1 it cannot be negative and stays as written.
import numpy as np
from numba import njit


@njit("void(float64[:], float64[:])")
def cyclic_diff(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i] - a[i - 1]
    for i in range(1, a.shape[0]):
        out[i] += a[i - 1]
