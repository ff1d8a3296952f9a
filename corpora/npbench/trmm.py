"""Triangular matrix multiply (PolyBench trmm): B = alpha A^T B with A unit
lower triangular, one row of B at a time."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    alpha = datatype(1.5)
    A = np.fromfunction(lambda i, j: ((i * j) % M) / M, (M, M), dtype=datatype)
    for i in range(M):
        A[i, i] = 1.0
    B = np.fromfunction(lambda i, j: ((N + i - j) % N) / N, (M, N), dtype=datatype)
    return alpha, A, B


# caramba: sizes N=100,10000
# caramba: runas kernel(*initialize(N2, N2 + 10))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(alpha, A, B):
    for i in range(B.shape[0]):
        for j in range(B.shape[1]):
            B[i, j] += np.dot(A[i + 1:, i], B[i + 1:, j])
    B *= alpha
