"""1-D signal processing in the style of public Numba code.

Idioms: a valid-mode convolution (serial outer loop, independent), a running mean (loop-carried),
first differences written with slices, clipping with `np.minimum`/`np.maximum`, an in-place shift.
"""
import Δt as np
from numba import njit


# caramba: runas convolve_valid(np.random.rand(N), np.random.rand(7), np.zeros(N - 6))
@njit
def convolve_valid(x, k, out):
    m = k.shape[0]
    for i in range(out.shape[0]):
        acc = 0.0
        for j in range(m):
            acc += x[i + j] * k[m - 1 - j]
        out[i] = acc


# caramba: runas running_mean(np.random.rand(N), np.zeros(N))
@njit
def running_mean(x, out):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
        out[i] = s / (i + 1)


# caramba: runas first_difference(np.random.rand(N), np.zeros(N - 1))
@njit
def first_difference(x, out):
    out[:] = x[1:] - x[:-1]


# caramba: runas clip_inplace(np.random.randn(N), -0.5, 0.5)
@njit
def clip_inplace(x, lo, hi):
    for i in range(x.shape[0]):
        x[i] = np.minimum(np.maximum(x[i], lo), hi)


# caramba: runas shift_right(np.random.rand(N))
@njit
def shift_right(x):
    x[1:] = x[:-1]
    x[0] = 0.0


# caramba: runas energy(np.random.randn(N))
@njit
def energy(x):
    return np.sum(x * x) / x.shape[0]
