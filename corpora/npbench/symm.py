"""Symmetric matrix multiply (PolyBench symm): C = alpha A B + beta C with only
the lower triangle of A stored, a row of C updated with slices per (i, j)."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    alpha = datatype(1.5)
    beta = datatype(1.2)
    C = np.fromfunction(lambda i, j: ((i + j) % 100) / M, (M, N), dtype=datatype)
    B = np.fromfunction(lambda i, j: ((N + i - j) % 100) / M, (M, N), dtype=datatype)
    A = np.empty((M, M), dtype=datatype)
    for i in range(M):
        A[i, :i + 1] = np.fromfunction(lambda j: ((i + j) % 100) / M, (i + 1,), dtype=datatype)
        A[i, i + 1:] = -999
    return alpha, beta, C, A, B


# caramba: sizes N=100,10000
# caramba: runas kernel(*initialize(N2, N2 + 10))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(alpha, beta, C, A, B):
    temp2 = np.empty((C.shape[1],), dtype=C.dtype)
    C *= beta
    for i in range(C.shape[0]):
        for j in range(C.shape[1]):
            C[:i, j] += alpha * B[i, j] * A[i, :i]
            temp2[j] = B[:i, j] @ A[i, :i]
        C[i, :] += alpha * B[i, :] * A[i, i] + alpha * temp2
