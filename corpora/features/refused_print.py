"""print() inside a kernel: PyKokkos kernels cannot print Python objects."""
import numpy as np
from numba import njit


# caramba: runas noisy_sum(np.random.rand(4))
@njit
def noisy_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    print("sum:", s)
    return s
