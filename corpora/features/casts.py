"""int() truncates toward zero; float() of an int is a float64."""
import numpy as np
from numba import njit


# caramba: runas truncate(np.random.randn(N) * 100.0, np.zeros(N, dtype=np.int64))
@njit
def truncate(a, out):
    for i in range(a.shape[0]):
        out[i] = int(a[i])


# caramba: runas mean_of_ints(np.random.randint(0, 10, N))
@njit
def mean_of_ints(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
    return float(s) / a.shape[0]
