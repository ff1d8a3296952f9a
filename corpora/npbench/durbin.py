"""Toeplitz system solver (PolyBench durbin, Levinson-Durbin recursion): each
step reads the reversed prefix of y, so the outer loop is sequential."""
import numpy as np
import numba as nb


def initialize(N, datatype=np.float64):
    r = np.fromfunction(lambda i: N + 1 - i, (N,), dtype=datatype)
    return (r,)


# caramba: sizes N=50,2000
# caramba: runas kernel(*initialize(N))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(r):
    y = np.empty_like(r)
    alpha = -r[0]
    beta = 1.0
    y[0] = -r[0]

    for k in range(1, r.shape[0]):
        beta *= 1.0 - alpha * alpha
        alpha = -(r[k] + np.dot(np.flip(r[:k]), y[:k])) / beta
        y[:k] += alpha * np.flip(y[:k])
        y[k] = alpha

    return y


# caramba: runas kernel_loops(*initialize(N))
@nb.njit
def kernel_loops(r):
    n = r.shape[0]
    y = np.zeros(n)
    z = np.zeros(n)
    y[0] = -r[0]
    beta = 1.0
    alpha = -r[0]
    for k in range(1, n):
        beta = (1 - alpha * alpha) * beta
        s = 0.0
        for i in range(k):
            s += r[k - i - 1] * y[i]
        alpha = -(r[k] + s) / beta
        for i in range(k):
            z[i] = y[i] + alpha * y[k - i - 1]
        for i in range(k):
            y[i] = z[i]
        y[k] = alpha
    return y
