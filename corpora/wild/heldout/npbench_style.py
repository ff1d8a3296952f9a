"""Whole-array kernels in the style of NPBench's numba versions.

softmax over the last axis, a 1-D Jacobi with slices in a time loop, gesummv, a row-normalisation
with keepdims-free broadcasting, the correlation-matrix kernel's mean/stddev part, and a go_fast-
free arc distance.
"""
import numpy as np
import numba as nb


def initialize(N):
    return np.fromfunction(lambda i: (i + 2) / N, (N,), dtype=np.float64)


# caramba: runas softmax(np.random.rand(N2, N2))
@nb.jit(nopython=True, fastmath=True)
def softmax(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        m = np.max(x[i])
        e = np.exp(x[i] - m)
        out[i] = e / np.sum(e)
    return out


# caramba: runas jacobi_1d(20, initialize(N), initialize(N) * 0.5)
@nb.jit(nopython=True, parallel=False, fastmath=True)
def jacobi_1d(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])


# caramba: runas gesummv(1.5, 1.2, np.random.rand(N2, N2), np.random.rand(N2, N2), np.random.rand(N2))
@nb.jit(nopython=True, fastmath=True)
def gesummv(alpha, beta, A, B, x):
    return alpha * A @ x + beta * B @ x


# caramba: runas normalize_rows(np.random.rand(N2, N2) + 0.1)
@nb.njit
def normalize_rows(M):
    out = np.empty_like(M)
    for i in range(M.shape[0]):
        out[i, :] = M[i, :] / M[i, :].sum()
    return out


# caramba: runas mean_std(np.random.rand(N2, N2))
@nb.njit
def mean_std(data):
    float_n = data.shape[0]
    mean = np.sum(data, axis=0) / float_n
    stddev = np.sqrt(np.sum((data - mean) ** 2, axis=0) / float_n)
    return stddev


# caramba: runas arc_distance(np.random.rand(N), np.random.rand(N), np.random.rand(N), np.random.rand(N))
@nb.njit(parallel=True)
def arc_distance(theta_1, phi_1, theta_2, phi_2):
    temp = (np.sin((theta_2 - theta_1) / 2) ** 2
            + np.cos(theta_1) * np.cos(theta_2) * np.sin((phi_2 - phi_1) / 2) ** 2)
    return 2 * np.arctan2(np.sqrt(temp), np.sqrt(1 - temp))


if __name__ == "__main__":
    print(softmax(np.random.rand(4, 5)).sum(axis=1))
