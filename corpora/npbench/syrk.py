"""Symmetric rank-k update (PolyBench syrk), lower triangle: each row scaled
by beta and then accumulated with slices of A."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    alpha = datatype(1.5)
    beta = datatype(1.2)
    C = np.fromfunction(lambda i, j: ((i * j + 2) % M) / M, (N, N), dtype=datatype)
    A = np.fromfunction(lambda i, j: ((i * j + 1) % N) / N, (N, M), dtype=datatype)
    return alpha, beta, C, A


# caramba: sizes N=100,10000
# caramba: runas kernel(*initialize(N2 + 10, N2))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(alpha, beta, C, A):
    for i in range(A.shape[0]):
        C[i, :i + 1] *= beta
        for k in range(A.shape[1]):
            C[i, :i + 1] += alpha * A[i, k] * A[:i + 1, k]
