"""Chained matrix products (PolyBench 2mm and 3mm): D = alpha A B C + beta D
and G = (A B)(C D), with @ as NPBench writes them and with explicit loops
through temporaries."""
import numpy as np
import numba as nb


def initialize_2mm(NI, NJ, NK, NL, datatype=np.float64):
    alpha = datatype(1.5)
    beta = datatype(1.2)
    A = np.fromfunction(lambda i, j: ((i * j + 1) % NI) / NI, (NI, NK), dtype=datatype)
    B = np.fromfunction(lambda i, j: (i * (j + 1) % NJ) / NJ, (NK, NJ), dtype=datatype)
    C = np.fromfunction(lambda i, j: ((i * (j + 3) + 1) % NL) / NL, (NJ, NL), dtype=datatype)
    D = np.fromfunction(lambda i, j: (i * (j + 2) % NK) / NK, (NI, NL), dtype=datatype)
    return alpha, beta, A, B, C, D


def initialize_3mm(NI, NJ, NK, NL, NM, datatype=np.float64):
    A = np.fromfunction(lambda i, j: ((i * j + 1) % NI) / (5 * NI), (NI, NK), dtype=datatype)
    B = np.fromfunction(lambda i, j: ((i * (j + 1) + 2) % NJ) / (5 * NJ), (NK, NJ), dtype=datatype)
    C = np.fromfunction(lambda i, j: (i * (j + 3) % NL) / (5 * NL), (NJ, NM), dtype=datatype)
    D = np.fromfunction(lambda i, j: ((i * (j + 2) + 2) % NK) / (5 * NK), (NM, NL), dtype=datatype)
    return A, B, C, D


# caramba: sizes N=100,22500
# caramba: runas k2mm(*initialize_2mm(N2, N2 + 5, N2 + 10, N2 + 15))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def k2mm(alpha, beta, A, B, C, D):
    D[:] = alpha * A @ B @ C + beta * D


# caramba: runas k3mm(*initialize_3mm(N2, N2 + 5, N2 + 10, N2 + 15, N2 + 20))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def k3mm(A, B, C, D):
    return A @ B @ C @ D


# caramba: runas k2mm_loops(*initialize_2mm(N2, N2 + 5, N2 + 10, N2 + 15))
@nb.njit(parallel=True)
def k2mm_loops(alpha, beta, A, B, C, D):
    ni, nk = A.shape
    nj = B.shape[1]
    nl = C.shape[1]
    tmp = np.zeros((ni, nj))
    for i in nb.prange(ni):
        for j in range(nj):
            for k in range(nk):
                tmp[i, j] += alpha * A[i, k] * B[k, j]
    for i in nb.prange(ni):
        for j in range(nl):
            D[i, j] *= beta
            for k in range(nj):
                D[i, j] += tmp[i, k] * C[k, j]
