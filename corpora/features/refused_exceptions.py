"""raise inside a kernel (and try, which Numba 0.56 supports partially)."""
import numpy as np
from numba import njit


# caramba: runas checked_sqrt_sum(np.random.rand(N))
# caramba: runas checked_sqrt_sum(np.random.rand(N) - 2.0)
@njit
def checked_sqrt_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        if a[i] < 0.0:
            raise ValueError("negative input")
        s += np.sqrt(a[i])
    return s


# caramba: runas safe_ratio(3.0, 0.0)
# caramba: runas safe_ratio(3.0, 2.0)
@njit
def safe_ratio(x, y):
    try:
        return x / y
    except Exception:
        return 0.0
