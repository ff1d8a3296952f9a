"""Triangular solver (PolyBench trisolv): forward substitution with a lower
triangular matrix, as slice dot products and as plain loops."""
import numpy as np
import numba as nb


def initialize(N, datatype=np.float64):
    L = np.fromfunction(lambda i, j: (i + N - j + 1) * 2 / N, (N, N), dtype=datatype)
    x = np.full((N,), -999, dtype=datatype)
    b = np.fromfunction(lambda i: i, (N,), dtype=datatype)
    return L, x, b


# caramba: sizes N=100,250000
# caramba: runas kernel(*initialize(N2))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(L, x, b):
    for i in range(x.shape[0]):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]


# caramba: runas kernel_loops(*initialize(N2))
@nb.njit
def kernel_loops(L, x, b):
    n = x.shape[0]
    for i in range(n):
        x[i] = b[i]
        for j in range(i):
            x[i] -= L[i, j] * x[j]
        x[i] = x[i] / L[i, i]
