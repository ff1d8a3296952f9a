"""An index array of unknown dtype: its elements are used as indices, so they
are integers (a scatter-add histogram, serial as Numba runs it)."""
import numpy as np
from numba import njit


# caramba: runas histogram(np.random.randint(0, 10, N), np.zeros(10, dtype=np.int64))
@njit
def histogram(idx, counts):
    for i in range(idx.shape[0]):
        b = idx[i]
        counts[b] += 1
