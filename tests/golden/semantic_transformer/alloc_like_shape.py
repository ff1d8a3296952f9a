# An array allocated from another array's shape (`np.empty(u.shape)`) has
# that array's rank, not one dimension (it was refused with "indexes the 1-D
# array 'g' with 2 indexes" for a 2-D g); the caller allocates it.
import numpy as np
from numba import njit


@njit("float64[:, :](float64[:, :])")
def gradient_norm(u):
    g = np.zeros(u.shape)
    for i in range(1, u.shape[0] - 1):
        for j in range(1, u.shape[1] - 1):
            dx = u[i + 1, j] - u[i - 1, j]
            dy = u[i, j + 1] - u[i, j - 1]
            g[i, j] = np.sqrt(dx * dx + dy * dy)
    return g
