"""sum2d: the sum of a 2-D array by two nested serial loops.

Written from the thesis's description (chapter 4, simple1.py), which takes it
from Numba's documentation: a serial reduction over both dimensions.
"""
import numpy as np
from numba import jit


# caramba: runas sum2d(np.random.rand(N2, N2))
@jit(nopython=True)
def sum2d(arr):
    M, N = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            result += arr[i, j]
    return result
