# One kernel translates, one is refused: the refused one stays byte for byte
# and the Numba import stays because Numba code remains.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def fill(a, v):
    for i in prange(a.shape[0]):
        a[i] = v


@njit
def noisy(a):
    for i in range(a.shape[0]):
        print(a[i])  # expect: CRB111
