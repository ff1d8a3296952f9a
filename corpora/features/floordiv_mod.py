"""Python's // and % with negative operands (floor, sign of the divisor)."""
import numpy as np
from numba import njit


# caramba: runas int_divmod(np.random.randint(-100, 100, N), np.zeros(N, dtype=np.int64), np.zeros(N, dtype=np.int64), 7)
# caramba: runas int_divmod(np.random.randint(-100, 100, N), np.zeros(N, dtype=np.int64), np.zeros(N, dtype=np.int64), -3)
@njit
def int_divmod(a, q, r, d):
    for i in range(a.shape[0]):
        q[i] = a[i] // d
        r[i] = a[i] % d


# caramba: runas float_divmod(np.random.randn(N) * 10.0, np.zeros(N), np.zeros(N), 2.5)
@njit
def float_divmod(a, q, r, d):
    for i in range(a.shape[0]):
        q[i] = a[i] // d
        r[i] = a[i] % d
