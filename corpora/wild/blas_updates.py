"""Level-3 BLAS updates written the NPBench way: element loops over a
triangle or a product, with the scaling of the whole output matrix done by an
in-place array operator before or after them."""
import numpy as np
from numba import njit


# caramba: sizes N=16,120
# caramba: runas syrk(1.5, 1.2, np.random.rand(N, N), np.random.rand(N, N // 2))
@njit
def syrk(alpha, beta, C, A):
    for i in range(A.shape[0]):
        for j in range(i + 1):
            C[i, j] *= beta
        for k in range(A.shape[1]):
            for j in range(i + 1):
                C[i, j] += alpha * A[i, k] * A[j, k]


# caramba: sizes N=16,120
# caramba: runas gemm(1.5, 1.2, np.random.rand(N, N), np.random.rand(N, N), np.random.rand(N, N))
@njit
def gemm(alpha, beta, C, A, B):
    C *= beta
    for i in range(C.shape[0]):
        for k in range(A.shape[1]):
            for j in range(C.shape[1]):
                C[i, j] += alpha * A[i, k] * B[k, j]


# caramba: sizes N=16,120
# caramba: runas trmm(1.5, np.random.rand(N, N), np.random.rand(N, N))
@njit
def trmm(alpha, A, B):
    for i in range(B.shape[0]):
        for j in range(B.shape[1]):
            for k in range(i + 1, B.shape[0]):
                B[i, j] += A[k, i] * B[k, j]
    B *= alpha


# caramba: sizes N=16,120
# caramba: runas symm_lower(1.5, 1.2, np.random.rand(N, N), np.random.rand(N, N))
@njit
def symm_lower(alpha, beta, C, A):
    n = C.shape[0]
    for i in range(n):
        for j in range(i):
            C[i, j] = C[i, j] + alpha * A[i, j]
    C *= beta
    C += alpha
