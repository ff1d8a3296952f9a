"""Kernels made by calling the decorator (legacy style): f = njit(f), g = njit(f), numba.jit(nopython=True)(f)."""
import numpy as np
import numba
from numba import njit, prange


def saxpy(a, x, y, out):
    for i in range(x.shape[0]):
        out[i] = a * x[i] + y[i]


saxpy = njit(saxpy)


def _total(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
    return s


def _clip(x, lo, hi, out):
    for i in prange(x.shape[0]):
        v = x[i]
        if v < lo:
            v = lo
        elif v > hi:
            v = hi
        out[i] = v


# The Python originals stay callable; the compiled versions get new names.
total = numba.jit(nopython=True)(_total)
clip = njit(parallel=True)(_clip)


def _show(x):
    print(x[0])


show = njit(_show)


# caramba: runas saxpy(2.0, np.random.rand(N), np.random.rand(N), np.zeros(N))
# caramba: runas total(np.random.rand(N))
# caramba: runas clip(np.random.rand(N) * 2.0 - 0.5, 0.0, 1.0, np.zeros(N))
# caramba: runas show(np.random.rand(3))
