"""Symmetric rank-2k update (PolyBench syr2k), lower triangle, with slices of
A and B."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    alpha = datatype(1.5)
    beta = datatype(1.2)
    C = np.fromfunction(lambda i, j: ((i * j + 3) % N) / M, (N, N), dtype=datatype)
    A = np.fromfunction(lambda i, j: ((i * j + 1) % N) / N, (N, M), dtype=datatype)
    B = np.fromfunction(lambda i, j: ((i * j + 2) % M) / M, (N, M), dtype=datatype)
    return alpha, beta, C, A, B


# caramba: sizes N=100,10000
# caramba: runas kernel(*initialize(N2 + 10, N2))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(alpha, beta, C, A, B):
    for i in range(A.shape[0]):
        C[i, :i + 1] *= beta
        for k in range(A.shape[1]):
            C[i, :i + 1] += (A[:i + 1, k] * alpha * B[i, k] +
                             B[:i + 1, k] * alpha * A[i, k])
