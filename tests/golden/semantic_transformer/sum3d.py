import numpy as np
from numba import njit


@njit("float64(float64[:, :, :])")
def sum3d(arr):
    M, N, O = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            for k in range(O):
                result += arr[i, j, k]
    return result
