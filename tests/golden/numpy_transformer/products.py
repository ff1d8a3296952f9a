# Matrix products, outer products, transposes, flips, slice steps and axis
# reductions: each is one operand whose element is read at permuted,
# reversed or strided indices, or accumulated privately in the loop body.
import numpy as np
from numba import njit


@njit("void(float64[:, :], float64[:], float64[:])")
def mvt(A, x, y):
    y[:] = A @ x
    x += y @ A


@njit("void(float64, float64[:, :], float64[:, :], float64[:, :])")
def gemm(alpha, C, A, B):
    C[:] = alpha * A @ B + C


@njit("float64(float64[:, :], float64[:], int64)")
def trisolv_row(L, x, i):
    return L[i, :i] @ x[:i]


@njit("void(float64[:, :], float64[:], float64[:])")
def rank_one(A, u, v):
    A += np.outer(u, v)


@njit("void(float64[:, :], float64[:, :], float64[:])")
def transposed(out, A, r):
    out[:] = A.T + np.transpose(A)
    r[:] = np.flip(r) * 0.5


@njit("void(float64[:], int64[:], float64[:, :])")
def axis_sums(mean, best, data):
    mean[:] = np.sum(data, axis=0) / data.shape[0]
    best[:] = data.argmax(axis=1)


@njit("void(float64[:], float64[:])")
def strided(signal, out):
    out[:] = signal[::2] - signal[1::2]

