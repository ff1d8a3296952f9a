"""A product reduction (values near 1 so the product stays finite)."""
import numpy as np
from numba import njit


# caramba: runas product(1.0 + (np.random.rand(N) - 0.5) * 1e-3)
@njit
def product(a):
    p = 1.0
    for i in range(a.shape[0]):
        p *= a[i]
    return p
