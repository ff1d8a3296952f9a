"""sum3d: the sum of a 3-D array by three nested serial loops.

Written from the thesis's description (chapter 4, simple2.py): sum2d one
dimension deeper, a serial accumulation over every element.
"""
import numpy as np
from numba import jit


# caramba: runas sum3d(np.random.rand(N3, N3, N3))
@jit(nopython=True)
def sum3d(arr):
    M, N, O = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            for k in range(O):
                result += arr[i, j, k]
    return result
