# NPBench-style kernels built on np.sign: soft thresholding (the proximal
# step of LASSO), sign agreement of two integer series, zero crossings of a
# signal, and the sign of a bool mask.
import numpy as np
from numba import njit, prange


def initialize(N, datatype=np.float64):
    rng = np.random.default_rng(42)
    x = rng.standard_normal(N).astype(datatype)
    x[::7] = 0.0
    x[::11] = -0.0
    return x


# caramba: runas soft_threshold(initialize(N), 0.5)
@njit(parallel=True)
def soft_threshold(x, lam):
    out = np.empty_like(x)
    for i in prange(x.shape[0]):
        out[i] = np.sign(x[i]) * max(abs(x[i]) - lam, 0.0)
    return out


# caramba: runas sign_agreement(rng.integers(-3, 4, N), rng.integers(-3, 4, N))
@njit
def sign_agreement(a, b):
    n = 0
    for i in range(a.shape[0]):
        if np.sign(a[i]) == np.sign(b[i]):
            n += 1
    return n


# caramba: runas zero_crossings(initialize(N))
@njit
def zero_crossings(x):
    count = 0
    prev = np.sign(x[0])
    for i in range(1, x.shape[0]):
        s = np.sign(x[i])
        if s != prev and s != 0:
            count += 1
            prev = s
    return count


# caramba: runas signed_copy(initialize(N))
@njit
def signed_copy(x):
    # np.sign keeps -0.0 and NaN as they are
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = np.sign(x[i])
    out[0] = np.sign(np.nan)
    return out


# caramba: runas mask_sign(rng.random(N) < 0.5)
@njit
def mask_sign(m):
    total = 0
    for i in range(m.shape[0]):
        total += np.sign(m[i]) - np.sign(np.int64(m[i]) - 1)
    return total
