# An early `return L` of the array the kernel ends by returning
# (corpora/wild/heldout/dense_factorizations.py cholesky) ends the workunit;
# the caller returns the array it allocated either way. Returning another
# array early stays Numba code.
import math

import numpy as np
from numba import njit


@njit("float64[:, :](float64[:, :])")
def cholesky(A):
    n = A.shape[0]
    L = np.zeros_like(A)
    for j in range(n):
        s = A[j, j]
        for k in range(j):
            s -= L[j, k] * L[j, k]
        if s <= 0.0:
            return L
        L[j, j] = math.sqrt(s)
        for i in range(j + 1, n):
            t = A[i, j]
            for k in range(j):
                t -= L[i, k] * L[j, k]
            L[i, j] = t / L[j, j]
    return L


@njit("float64[:](float64[:])")
def other(a):
    b = np.zeros_like(a)
    if a[0] < 0.0:
        return a  # expect: CRB127
    b[0] = a[0]
    return b
