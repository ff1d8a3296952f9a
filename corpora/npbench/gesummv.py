"""Scalar, vector and matrix multiplication (PolyBench gesummv):
y = alpha A x + beta B x, returned."""
import numpy as np
import numba as nb


def initialize(N, datatype=np.float64):
    alpha = datatype(1.5)
    beta = datatype(1.2)
    A = np.fromfunction(lambda i, j: ((i * j + 1) % N) / N, (N, N), dtype=datatype)
    B = np.fromfunction(lambda i, j: ((i * j + 2) % N) / N, (N, N), dtype=datatype)
    x = np.fromfunction(lambda i: (i % N) / N, (N,), dtype=datatype)
    return alpha, beta, A, B, x


# caramba: sizes N=100,90000
# caramba: runas kernel(*initialize(N2))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(alpha, beta, A, B, x):
    return alpha * A @ x + beta * B @ x


# caramba: runas kernel_loops(*initialize(N2))
@nb.njit
def kernel_loops(alpha, beta, A, B, x):
    n = A.shape[0]
    tmp = np.zeros(n)
    y = np.zeros(n)
    for i in range(n):
        for j in range(n):
            tmp[i] = A[i, j] * x[j] + tmp[i]
            y[i] = B[i, j] * x[j] + y[i]
        y[i] = alpha * tmp[i] + beta * y[i]
    return y
