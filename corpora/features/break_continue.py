"""break and continue inside loops."""
import numpy as np
from numba import njit


# caramba: runas sum_until_negative(np.random.randn(N) + 2.0)
@njit
def sum_until_negative(a):
    s = 0.0
    for i in range(a.shape[0]):
        if a[i] < 0.0:
            break
        if a[i] > 3.0:
            continue
        s += a[i]
    return s
