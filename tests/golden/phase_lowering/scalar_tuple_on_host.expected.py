import math

from numba import njit


# A loop-free function of float64 scalars returning a tuple: Python computes
# it exactly as Numba does, so its host program is its own body.
def to_polar(x, y):  # expect: CRB523
    r = math.sqrt(x * x + y * y)
    return r, math.atan2(y, x)


# Integers could overflow in Numba and not in Python: it stays Numba code.
@njit("(int64, int64)")
def divmod_pair(a, b):
    return a // b, a * b
