"""Python lists and dicts inside kernels (typed reflected containers)."""
import numpy as np
from numba import njit


# caramba: runas positive_indices(np.random.randn(N))
@njit
def positive_indices(a):
    out = []
    for i in range(a.shape[0]):
        if a[i] > 0:
            out.append(i)
    return np.array(out)


# caramba: runas count_values(np.random.randint(0, 5, N))
@njit
def count_values(a):
    counts = {}
    for i in range(a.shape[0]):
        k = a[i]
        counts[k] = counts.get(k, 0) + 1
    return len(counts)
