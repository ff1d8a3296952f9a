"""Matrix-vector product and transpose (PolyBench mvt): x1 += A y1 and
x2 += A^T y2, updating the caller's vectors in place."""
import numpy as np
import numba as nb


def initialize(N, datatype=np.float64):
    x1 = np.fromfunction(lambda i: (i % N) / N, (N,), dtype=datatype)
    x2 = np.fromfunction(lambda i: ((i + 1) % N) / N, (N,), dtype=datatype)
    y_1 = np.fromfunction(lambda i: ((i + 3) % N) / N, (N,), dtype=datatype)
    y_2 = np.fromfunction(lambda i: ((i + 4) % N) / N, (N,), dtype=datatype)
    A = np.fromfunction(lambda i, j: (i * j % N) / N, (N, N), dtype=datatype)
    return x1, x2, y_1, y_2, A


# caramba: sizes N=100,90000
# caramba: runas kernel(*initialize(N2))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(x1, x2, y_1, y_2, A):
    x1 += A @ y_1
    x2 += y_2 @ A


# caramba: runas kernel_prange(*initialize(N2))
@nb.njit(parallel=True)
def kernel_prange(x1, x2, y_1, y_2, A):
    n = A.shape[0]
    for i in nb.prange(n):
        s = 0.0
        for j in range(n):
            s += A[i, j] * y_1[j]
        x1[i] += s
    for i in nb.prange(n):
        s = 0.0
        for j in range(n):
            s += A[j, i] * y_2[j]
        x2[i] += s
