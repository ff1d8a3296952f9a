"""General matrix multiply (PolyBench gemm): C = alpha A B + beta C, in the
one-line NPBench form and in the i-k-j loop order."""
import numpy as np
import numba as nb


def initialize(NI, NJ, NK, datatype=np.float64):
    alpha = datatype(1.5)
    beta = datatype(1.2)
    C = np.fromfunction(lambda i, j: ((i * j + 1) % NI) / NI, (NI, NJ), dtype=datatype)
    A = np.fromfunction(lambda i, k: (i * (k + 1) % NK) / NK, (NI, NK), dtype=datatype)
    B = np.fromfunction(lambda k, j: (k * (j + 2) % NJ) / NJ, (NK, NJ), dtype=datatype)
    return alpha, beta, C, A, B


# caramba: sizes N=100,40000
# caramba: runas kernel(*initialize(N2, N2 + 10, N2 + 20))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(alpha, beta, C, A, B):
    C[:] = alpha * A @ B + beta * C


# caramba: runas kernel_loops(*initialize(N2, N2 + 10, N2 + 20))
@nb.njit(parallel=True, fastmath=True)
def kernel_loops(alpha, beta, C, A, B):
    NI, NJ = C.shape
    NK = A.shape[1]
    for i in nb.prange(NI):
        for j in range(NJ):
            C[i, j] *= beta
        for k in range(NK):
            for j in range(NJ):
                C[i, j] += alpha * A[i, k] * B[k, j]
