# caramba-options: --kernel second
# Only the selected kernel is translated; the other stays Numba code.
import numpy as np
from numba import njit


@njit("void(float64[:])")
def first(a):
    a[0] = 1.0


@njit("void(float64[:])")
def second(a):
    a[0] = 2.0
