import numpy as np
from numba import njit


# Fibonacci numbers as a pair, initialised and advanced with tuple
# assignments: one serial phase carries both values back to the host.
@njit("UniTuple(int64, 2)(int64)")
def fib_pair(n):  # expect: CRB523
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a, b
