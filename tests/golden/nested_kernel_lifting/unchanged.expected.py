# Nested kernels that cannot be lifted stay exactly as written; the
# UnsupportedDetector says why (tests/golden/unsupported_detector/nested_kernel.py).
import numpy as np
from numba import njit


def make_scalers():
    out = []
    for f in (1.0, 2.0):
        @njit
        def scale(x):
            return x * f
        out.append(scale)
    return out


def make_counter():
    n = 0

    @njit
    def bump(a):
        a[0] += n
    n = 1
    return bump


class Grid:
    # Not a static method (an instance would pass itself): stays in the class.
    @njit
    def fill(a, v):
        for i in range(a.shape[0]):
            a[i] = v


def outer():
    def middle():
        @njit
        def deep(a):
            a[0] = 1.0
        return deep
    return middle


@njit
def top(a):
    a[0] = 2.0
