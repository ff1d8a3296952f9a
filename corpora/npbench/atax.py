"""Matrix transpose and vector multiplication (PolyBench atax): y = A^T (A x),
written with the @ operator as NPBench does, and as the explicit PolyBench
loops."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    fn = datatype(N)
    x = np.fromfunction(lambda i: 1 + (i / fn), (N,), dtype=datatype)
    A = np.fromfunction(lambda i, j: ((i + j) % N) / (5 * M), (M, N), dtype=datatype)
    return A, x


# caramba: sizes N=100,90000
# caramba: runas kernel(*initialize(N2 + 10, N2))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(A, x):
    return (A @ x) @ A


# caramba: runas kernel_loops(*initialize(N2 + 10, N2))
@nb.njit
def kernel_loops(A, x):
    M, N = A.shape
    y = np.zeros(N)
    tmp = np.zeros(M)
    for i in range(M):
        for j in range(N):
            tmp[i] += A[i, j] * x[j]
        for j in range(N):
            y[j] += A[i, j] * tmp[i]
    return y
