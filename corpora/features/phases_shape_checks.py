"""NumPy statements whose shape checks depend on a flag or on a value a loop
computes: the checks run on the host program, in order, as plain Python."""
import numpy as np
from numba import njit


# caramba: runas branch(np.random.rand(N), np.zeros(N), True)
# caramba: runas branch(np.random.rand(N), np.zeros(N - 3), True)
@njit
def branch(a, out, flag):
    if flag:
        out[1:] = a[1:] * 2.0


# caramba: runas computed(np.random.rand(N), np.zeros(N + 5))
@njit
def computed(a, out):
    k = 0
    for i in range(a.shape[0]):
        if a[i] > 0.5:
            k += 1
    out[k:k + 3] = a[k:k + 3]
