# An early `return L` of the array the kernel ends by returning
# (corpora/wild/heldout/dense_factorizations.py cholesky) ends the workunit;
# the caller returns the array it allocated either way. Returning another
# array early stays Numba code.
import math

import numpy as np
from numba import njit
import pykokkos as pk


@pk.workunit
def _pk_cholesky(tid, A: pk.View2D[pk.double], L: pk.View2D[pk.double]):
    n: pk.int64 = A.extent(0)
    for j in range(n):
        s: pk.double = A[j][j]
        for k in range(j):
            s -= L[j][k] * L[j][k]
        if s <= 0.0:
            return
        L[j][j] = math.sqrt(s)
        for i in range(j + 1, n):
            t: pk.double = A[i][j]
            for k in range(j):
                t -= L[i][k] * L[j][k]
            L[i][j] = t / L[j][j]


def cholesky(A):
    L = np.zeros_like(A)
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_cholesky, A=pk.array(A), L=pk.array(L))
    return L


@njit("float64[:](float64[:])")
def other(a):
    b = np.zeros_like(a)
    if a[0] < 0.0:
        return a  # expect: CRB127
    b[0] = a[0]
    return b
