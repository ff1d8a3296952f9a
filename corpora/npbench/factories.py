"""Kernels that are not plain decorated top-level functions, as found in
real projects: njit applied by call at module level, a kernel built by a
factory that closes over a constant, and kernels iterating with zip and
enumerate."""
import numpy as np
import numba
from numba import njit


def _smooth_py(x, out):
    for i in range(1, x.shape[0] - 1):
        out[i] = 0.25 * x[i - 1] + 0.5 * x[i] + 0.25 * x[i + 1]
    out[0] = x[0]
    out[-1] = x[-1]
    return out


# njit applied as a function, the way libraries wrap pure-Python code.
smooth = njit(_smooth_py)
# caramba: runas smooth(rng.random(N), np.zeros(N))


def make_scaler(factor):
    @njit
    def scale(a):
        out = np.empty_like(a)
        for i in range(a.shape[0]):
            out[i] = factor * a[i]
        return out
    return scale


scale_by_3 = make_scaler(3.0)
# caramba: runas scale_by_3(rng.random(N))


# caramba: runas weighted_mean(rng.random(N), rng.random(N) + 0.1)
@numba.jit(nopython=True, cache=True)
def weighted_mean(values, weights):
    num = 0.0
    den = 0.0
    for v, w in zip(values, weights):
        num += v * w
        den += w
    return num / den


# caramba: runas argmax_abs(rng.standard_normal(N))
@njit
def argmax_abs(x):
    best = -1
    best_val = -1.0
    for i, v in enumerate(x):
        if abs(v) > best_val:
            best_val = abs(v)
            best = i
    return best, best_val


# caramba: runas row_norms(rng.random((N2, 7)))
@njit
def row_norms(points):
    out = np.empty(points.shape[0])
    for i, p in enumerate(points):
        out[i] = np.sqrt(np.sum(p * p))
    return out
