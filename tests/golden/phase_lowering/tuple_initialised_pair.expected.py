import numpy as np
from numba import njit


# Fibonacci numbers as a pair, initialised and advanced with tuple
# assignments: one serial phase carries both values back to the host.
@njit("void(int64, int64[::1], int64[::1])")
def _pk_fib_pair_phase1(n, _pk_out_a, _pk_out_b):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    _pk_out_a[0] = a
    _pk_out_b[0] = b


def fib_pair(n):  # expect: CRB523
    _pk_out_a = np.empty(1, dtype=np.int64)
    _pk_out_b = np.empty(1, dtype=np.int64)
    _pk_fib_pair_phase1(n, _pk_out_a, _pk_out_b)
    a = _pk_out_a[0].item()
    b = _pk_out_b[0].item()
    return a, b
