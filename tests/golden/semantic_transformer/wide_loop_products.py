# Loop variables are 32-bit in the dialect; Numba's are int64. A product of
# one with an integer is widened through an int64 temporary so that
# sum(i * i) for i < 100000 does not overflow.
import numpy as np
from numba import njit


@njit
def sum_of_squares(n):
    s = 0
    for i in range(n):
        s += i * i
    return s
