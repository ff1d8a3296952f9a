"""Pearson correlation matrix (PolyBench correlation): columns centred and
scaled by their standard deviation (small deviations clamped to one), then
the upper triangle of the product, with ones on the diagonal."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    float_n = datatype(N)
    data = np.fromfunction(lambda i, j: (i * j) / M + i, (N, M), dtype=datatype)
    return M, float_n, data


# caramba: sizes N=100,40000
# caramba: runas kernel(*initialize(N2, N2 + 20))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(M, float_n, data):
    mean = np.sum(data, axis=0) / float_n
    stddev = np.sqrt(np.sum((data - mean) ** 2, axis=0) / float_n)
    stddev[stddev <= 0.1] = 1.0
    data -= mean
    data /= np.sqrt(float_n) * stddev
    corr = np.eye(M, dtype=data.dtype)
    for i in range(M - 1):
        corr[i + 1:M, i] = corr[i, i + 1:M] = data[:, i] @ data[:, i + 1:M]
    return corr
