"""A generator kernel (yield)."""
import numpy as np
from numba import njit


@njit
def evens(n):
    for i in range(n):
        if i % 2 == 0:
            yield i


# caramba: runas sum_evens(N)
@njit
def sum_evens(n):
    s = 0
    for v in evens(n):
        s += v
    return s
