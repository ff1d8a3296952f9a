import numpy as np
from numba import njit


@njit("int64(int64)")
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@njit("int64(int64)")
def halvings(n):
    m = n
    steps = 0
    while m > 1:
        m = m // 2
        steps += 1
    return steps
