"""Dense matrix kernels written with loops, as in HPC-course Numba exercises.

A naive triple-loop matmul with prange over rows, an i-k-j ordered matmul, a blocked transpose
with tile bounds from min(), the trace and the Frobenius norm, a matrix power by repeated
squaring calling the matmul helper, and an outer-product update in place.
"""
import numpy as np
from numba import njit, prange

# caramba: sizes N=12,80

TILE = 16


# caramba: runas matmul_naive(np.random.rand(N, N), np.random.rand(N, N))
@njit(parallel=True)
def matmul_naive(A, B):
    n, k = A.shape
    m = B.shape[1]
    C = np.zeros((n, m))
    for i in prange(n):
        for j in range(m):
            s = 0.0
            for p in range(k):
                s += A[i, p] * B[p, j]
            C[i, j] = s
    return C


@njit
def matmul_ikj(A, B):
    n = A.shape[0]
    C = np.zeros((n, B.shape[1]))
    for i in range(n):
        for k in range(A.shape[1]):
            a = A[i, k]
            for j in range(B.shape[1]):
                C[i, j] += a * B[k, j]
    return C


# caramba: runas transpose_blocked(np.random.rand(N, N + 3))
@njit
def transpose_blocked(A):
    n, m = A.shape
    T = np.empty((m, n))
    for ii in range(0, n, TILE):
        for jj in range(0, m, TILE):
            for i in range(ii, min(ii + TILE, n)):
                for j in range(jj, min(jj + TILE, m)):
                    T[j, i] = A[i, j]
    return T


# caramba: runas trace_and_fro(np.random.rand(N, N))
@njit
def trace_and_fro(A):
    tr = 0.0
    fro = 0.0
    for i in range(A.shape[0]):
        tr += A[i, i]
        for j in range(A.shape[1]):
            fro += A[i, j] * A[i, j]
    return tr + np.sqrt(fro)


# caramba: runas matrix_power(np.random.rand(N, N) / N, 5)
@njit
def matrix_power(A, p):
    n = A.shape[0]
    result = np.eye(n)
    base = A.copy()
    while p > 0:
        if p % 2 == 1:
            result = matmul_ikj(result, base)
        base = matmul_ikj(base, base)
        p //= 2
    return result


# caramba: runas rank1_update(np.random.rand(N, N), 0.5, np.random.rand(N), np.random.rand(N))
@njit
def rank1_update(A, alpha, x, y):
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            A[i, j] += alpha * x[i] * y[j]


if __name__ == "__main__":
    A = np.random.rand(5, 5)
    print(np.allclose(matmul_naive(A, A), A @ A), trace_and_fro(A))
