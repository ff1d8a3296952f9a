"""Masked element-wise updates in the NPBench style: band limits and
thresholds combined with the NumPy logical ufuncs (np.logical_and & co) and
the comparison ufuncs (np.less, np.greater_equal), a clipped-ReLU with its
gradient mask, and a symmetric fill written as a chained assignment."""
import numpy as np
import numba as nb


def initialize(N, M, datatype=np.float64):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((N, M)).astype(datatype)
    y = rng.standard_normal((N, M)).astype(datatype)
    return x, y


# caramba: sizes N=40,600 M=30,500
# caramba: runas band_mask(*initialize(N, M))
@nb.jit(nopython=True, fastmath=True)
def band_mask(x, y):
    lo = -0.5
    hi = 0.75
    out = np.zeros_like(x)
    inside = np.logical_and(np.greater_equal(x, lo), np.less(x, hi))
    out[:] = np.where(np.logical_or(inside, np.logical_not(y > 0.0)), x * y, 0.0)
    return out


# caramba: runas clipped_relu_grad(*initialize(N, M))
@nb.jit(nopython=True, fastmath=True)
def clipped_relu_grad(x, y):
    grad = np.empty_like(x)
    grad[:, :] = np.where(np.logical_xor(x > 0.0, x > 1.0), y, 0.0)
    count = 0
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            if np.logical_and(x[i, j] > 0.0, np.less_equal(x[i, j], 1.0)):
                count += 1
    grad[0, 0] += count
    return grad


# caramba: runas symmetric_products(*initialize(N, M))
@nb.jit(nopython=True, fastmath=True)
def symmetric_products(x, y):
    M = x.shape[1]
    s = np.zeros((M, M), dtype=x.dtype)
    for i in range(M):
        s[i:M, i] = s[i, i:M] = x[:, i] @ y[:, i:M] / (x.shape[0] - 1.0)
    return s
