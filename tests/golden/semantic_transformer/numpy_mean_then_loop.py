# A NumPy reduction lowered to a loop before a serial loop: the accumulator is
# declared at its first assignment, before the lowered loop (it was declared
# after it, from the set-up statement that uses it, and reset to 0).
import numpy as np
from numba import njit


@njit
def mean_var(x):
    m = np.mean(x)
    v = 0.0
    for i in range(x.shape[0]):
        v += (x[i] - m) ** 2
    return v / x.shape[0]
