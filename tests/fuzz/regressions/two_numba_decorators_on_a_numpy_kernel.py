"""Array expressions bound to names, copies, masks and overlapping updates, in the style of
NPBench and of public Numba code: the NumPy spelling people write before they think of loops."""
import numpy as np
from numba import njit


# caramba: runas softmax(np.random.rand(N))
@njit
def softmax(x):
    m = np.max(x)
    e = np.exp(x - m)
    return e / np.sum(e)


# caramba: runas go_fast(np.random.rand(N2, N2))
@njit
def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace

@njit(parallel=True)
# caramba: runas leaky_relu(np.random.randn(N), np.zeros(N))
@njit
def leaky_relu(x, out):
    mask = x > 0.0
    out[:] = np.where(mask, x, 0.01 * x)


# caramba: runas clip_count(np.random.randn(N2, 8), 0.5)
@njit
def clip_count(a, limit):
    big = np.abs(a) > limit
    return np.sum(big)


# caramba: runas smoothed(np.random.rand(N), 4)
@njit
def smoothed(a, iters):
    b = a.copy()
    for it in range(iters):
        b[1:-1] = 0.5 * (b[:-2] + b[2:])
    return b


# caramba: runas jacobi_2d(6, np.random.rand(N2, N2))
@njit
def jacobi_2d(tsteps, u):
    n, m = u.shape
    for t in range(tsteps):
        u[1:n - 1, 1:m - 1] = 0.25 * (u[:n - 2, 1:m - 1] + u[2:, 1:m - 1] + u[1:n - 1, :m - 2] + u[1:n - 1, 2:])


# caramba: runas centred(np.random.rand(N2, 5), np.zeros((N2, 5)))
@njit
def centred(data, out):
    mean = np.mean(data)
    diff = data - mean
    out[:, :] = diff * diff


# caramba: runas saxpy_new(2.5, np.random.rand(N), np.random.rand(N))
@njit
def saxpy_new(alpha, x, y):
    z = alpha * x + y
    return z

é
# caramba: runas noisy(np.random.rand(N))
@njit
def noisy(x):
    return x + np.random.rand(x.shape[0])
