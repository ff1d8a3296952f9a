# This case tests the one-workunit model.
# caramba-options: --no-phases
# Regression (corpora/wild/heldout/geometry.py perimeter): `range(-1, n - 1)`
# makes x[i] read x[-1] on the first iteration, which Numba wraps to the last
# element: the view index wraps explicitly, while x[i + 1] (never below 0)
# stays as written. A negative step down to a literal stop is read the same
# way (`range(n - 1, -1, -1)`: i never below 0, i - 1 reaches -1), and a
# start written as a negation (`range(-r, r + 1)`) may be negative.
import numpy as np
from numba import njit


@njit("float64(float64[:], float64[:])")
def perimeter(x, y):
    total = 0.0
    for i in range(-1, x.shape[0] - 1):
        total += (x[i + 1] - x[i]) + (y[i + 1] - y[i])
    return total


@njit("void(float64[:], float64[:], int64)")
def backwards(a, out, r):
    for i in range(a.shape[0] - 1, -1, -1):
        out[i] = a[i] - a[i - 1]
    for k in range(-r, r + 1):
        out[0] += a[k]
    for k in range(2, 5):
        out[1] += a[k - 2] + a[k]
