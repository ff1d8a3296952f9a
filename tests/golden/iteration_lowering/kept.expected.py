# Loops the lowering cannot keep exact stay as written (later refused, CRB120/CRB121).
import numpy as np
from numba import njit


@njit
def rebinds(a, b):
    # Python iterates the array bound before the loop; a[k] would read b
    s = 0.0
    for v in a:
        s += v
        a = b
    return s


@njit
def pairs(p):
    # unpacking a row: Numba checks its length at run time
    s = 0.0
    for x, y in p:
        s += x * y
    return s


@njit
def stepped(a):
    s = 0.0
    for k, v in zip(range(0, 10, 2), a):
        s += k * v
    return s


@njit
def sliced(a):
    # a slice with a step (one with literal bounds only is lowered)
    s = 0.0
    for v in a[1::2]:
        s += v
    return s


def plain_python(a):
    for v in a:
        print(v)
