# A whole-array augmented assignment among element loops (NPBench syrk/gemm:
# `C *= beta` before or after `for i..: for j..: C[i, j] = ...`) is lowered to
# loops like any array statement (it used to stay verbatim in the workunit).
import numpy as np
from numba import njit


@njit("void(float64, float64, float64[:, :], float64[:, :])")
def syrk(alpha, beta, C, A):
    n = C.shape[0]
    for i in range(n):
        for j in range(i + 1):
            C[i, j] = C[i, j] * beta
    C *= alpha
    for i in range(n):
        for j in range(i + 1):
            C[i, j] += A[i, j] * A[j, i]


@njit("void(float64, float64, float64[:, :], float64[:, :], float64[:, :])")
def gemm(alpha, beta, C, A, B):
    C *= beta
    for i in range(C.shape[0]):
        for k in range(A.shape[1]):
            for j in range(C.shape[1]):
                C[i, j] += alpha * A[i, k] * B[k, j]

