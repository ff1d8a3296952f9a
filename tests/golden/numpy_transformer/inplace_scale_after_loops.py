# A whole-array augmented assignment among element loops (NPBench syrk/gemm:
# `C *= beta` before or after `for i..: for j..: C[i, j] = ...`) is lowered to
# loops like any array statement (it used to stay verbatim in the workunit).
# The target is an array operand, so the scalar parameter beside it is a
# scalar (no CRB204), as in `C[:] = C * beta`.
import numpy as np
from numba import njit


@njit
def syrk(alpha, beta, C, A):
    n = C.shape[0]
    for i in range(n):
        for j in range(i + 1):
            C[i, j] = C[i, j] * beta
    C *= alpha
    for i in range(n):
        for j in range(i + 1):
            C[i, j] += A[i, j] * A[j, i]


@njit
def gemm(alpha, beta, C, A, B):
    C *= beta
    for i in range(C.shape[0]):
        for k in range(A.shape[1]):
            for j in range(C.shape[1]):
                C[i, j] += alpha * A[i, k] * B[k, j]


# A plain slice assignment from a parameter nothing indexes stays ambiguous
# (CRB204: an array to copy or a scalar to broadcast?): plain Python.
@njit  # expect: CRB515
def fill_from(C, v):
    C[:] = v
