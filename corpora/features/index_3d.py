"""3-D indexing: a seven-point neighbour sum over the interior of a cube."""
import numpy as np
from numba import njit


# caramba: runas neighbours(np.random.rand(N3, N3, N3), np.zeros((N3, N3, N3)))
@njit
def neighbours(a, out):
    n0, n1, n2 = a.shape
    for i in range(1, n0 - 1):
        for j in range(1, n1 - 1):
            for k in range(1, n2 - 1):
                out[i, j, k] = (a[i, j, k] + a[i - 1, j, k] + a[i + 1, j, k] + a[i, j - 1, k]
                                + a[i, j + 1, k] + a[i, j, k - 1] + a[i, j, k + 1])
