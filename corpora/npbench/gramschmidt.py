"""Modified Gram-Schmidt QR decomposition (PolyBench gramschmidt): column
norms with np.linalg.norm, then the remaining columns orthogonalised with a
row of R computed as a vector-matrix product."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    A = np.fromfunction(lambda i, j: ((i * j) % M) / M * 100 + 10, (M, N), dtype=datatype)
    # keep the columns independent
    for i in range(min(M, N)):
        A[i, i] += 1000.0
    return (A,)


# caramba: sizes N=100,22500
# caramba: runas kernel(*initialize(N2 + 10, N2))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(A):
    Q = np.zeros_like(A)
    R = np.zeros((A.shape[1], A.shape[1]), dtype=A.dtype)
    for k in range(A.shape[1]):
        nrm = np.dot(A[:, k], A[:, k])
        R[k, k] = np.sqrt(nrm)
        Q[:, k] = A[:, k] / R[k, k]
        for j in range(k + 1, A.shape[1]):
            R[k, j] = np.dot(Q[:, k], A[:, j])
            A[:, j] -= Q[:, k] * R[k, j]
    return Q, R


# caramba: runas kernel_norm(*initialize(N2 + 10, N2))
@nb.njit
def kernel_norm(A):
    m, n = A.shape
    Q = np.empty((m, n))
    R = np.zeros((n, n))
    for k in range(n):
        R[k, k] = np.linalg.norm(A[:, k])
        Q[:, k] = A[:, k] / R[k, k]
        R[k, k + 1:] = Q[:, k] @ A[:, k + 1:]
        A[:, k + 1:] -= np.outer(Q[:, k], R[k, k + 1:])
    return Q, R
