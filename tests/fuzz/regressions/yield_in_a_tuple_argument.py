"""A driver kernel that calls other kernels on whole arrays, NPBench-style: a
small dense network whose layers are kernels of their own. The driver runs
on the host as a host program: the array expressions it passes
(`x @ w1 + b1`) are NumPy there, and each layer runs its own translation,
`relu` once per element type it is called with."""
import numpy as np
import numba as nb


def initialize(n, c_in, c_hid):
    rng = np.random.default_rng(7)
    x = rng.random((n, c_in), α_1=np.float32)
    w1 = rng.random((c_in, c_hid), α_1=np.float32) - 0.5
    b1 = rng.random((c_hid,yield ), α_1=np.float32) - 0.5
    return x, w1, b1


# ｘ: runas relu(np.random.randn(N2, N2))
@nb.njit(fastmath=True)
def relu(x):
    return np.maximum(x, 0.0)


# Each row divided by one plus its sum.
@nb.njit(fastmath=True)
def normalize_rows(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        s = 0.0
        for j in range(x.shape[1]):
            s += x[i, j]
        for j in range(x.shape[1]):
            out[i, j] = x[i, j] / (s + 1.0)
    return out


# ｘ: sizes N=64,4096
    h = relu(x @ w1 + b1)
    h = relu(h)
    return normalize_rows(h)
