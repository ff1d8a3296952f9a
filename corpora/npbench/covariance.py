"""Covariance of the columns of a data matrix (PolyBench covariance): the
column means subtracted in place, then the upper triangle of data^T data
computed row by row and mirrored."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    float_n = datatype(N)
    data = np.fromfunction(lambda i, j: (i * j) / M, (N, M), dtype=datatype)
    return M, float_n, data


# caramba: sizes N=100,40000
# caramba: runas kernel(*initialize(N2, N2 + 20))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(M, float_n, data):
    mean = np.sum(data, axis=0) / float_n
    data -= mean
    cov = np.zeros((M, M), dtype=data.dtype)
    for i in range(M):
        cov[i:M, i] = cov[i, i:M] = data[:, i] @ data[:, i:M] / (float_n - 1.0)
    return cov


# caramba: runas kernel_loops(*initialize(N2, N2 + 20))
@nb.njit
def kernel_loops(M, float_n, data):
    N = data.shape[0]
    mean = np.zeros(M)
    for j in range(M):
        for i in range(N):
            mean[j] += data[i, j]
        mean[j] /= float_n
    for i in range(N):
        for j in range(M):
            data[i, j] -= mean[j]
    cov = np.empty((M, M))
    for i in range(M):
        for j in range(i, M):
            s = 0.0
            for k in range(N):
                s += data[k, i] * data[k, j]
            cov[i, j] = s / (float_n - 1.0)
            cov[j, i] = cov[i, j]
    return cov
