"""BiCG sub-kernel (PolyBench bicg): two matrix-vector products with A and
its transpose, returned as a pair."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    A = np.fromfunction(lambda i, j: (i * (j + 1) % N) / N, (N, M), dtype=datatype)
    p = np.fromfunction(lambda i: (i % M) / M, (M,), dtype=datatype)
    r = np.fromfunction(lambda i: (i % N) / N, (N,), dtype=datatype)
    return A, p, r


# caramba: sizes N=100,90000
# caramba: runas kernel(*initialize(N2, N2 + 20))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(A, p, r):
    return r @ A, A @ p


# caramba: runas kernel_np(*initialize(N2, N2 + 20))
@nb.njit(fastmath=True)
def kernel_np(A, p, r):
    s = np.dot(r, A)
    q = np.dot(A, p)
    return s, q
