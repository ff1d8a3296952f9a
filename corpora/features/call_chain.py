"""Kernel-to-kernel calls (issue 5): a depth-3 call chain, helpers taking rows
and slices of 2-D arrays (subviews), one helper called with an int and with a
float (two @pk.function specialisations), and slices bound to names."""
import math

import numpy as np
from numba import njit, prange

# caramba: sizes N=40,400


@njit
def clamp01(x):
    if x < 0:
        return 0.0
    if x > 1:
        return 1.0
    return x


@njit
def soft(x, k):
    return clamp01(0.5 + x / (2.0 * k))


@njit
def score(x, y, k):
    return soft(x - y, k) * soft(y - x, k) + math.sqrt(x * x + y * y)


# caramba: runas chain_kernel(np.random.randn(N), np.random.randn(N), np.zeros(N), 1.5)
@njit(parallel=True)
def chain_kernel(a, b, out, k):
    for i in prange(a.shape[0]):
        out[i] = score(a[i], b[i], k)


@njit
def dot3(p, q):
    return p[0] * q[0] + p[1] * q[1] + p[2] * q[2]


@njit
def row_sum(v):
    s = 0.0
    for j in range(v.shape[0]):
        s += v[j]
    return s


# caramba: runas row_kernel(np.random.rand(N, 3), np.random.rand(N, 3), np.zeros(N), np.zeros(N))
@njit(parallel=True)
def row_kernel(pos, vel, power, inner):
    for i in prange(pos.shape[0]):
        power[i] = dot3(pos[i], vel[i]) + dot3(pos[i, :], pos[-1])
        inner[i] = row_sum(pos[i, 1:]) - row_sum(vel[i, :-1])


@njit
def twice(x):
    return x + x


# caramba: runas mixed_types(np.arange(N), np.random.rand(N), np.zeros(N))
@njit("void(int64[:], float64[:], float64[:])")
def mixed_types(ints, floats, out):
    for i in range(ints.shape[0]):
        out[i] = twice(ints[i]) // 3 + twice(floats[i])


# caramba: runas bound_slices(np.random.rand(N, 8), np.zeros(N), 2, -1)
@njit(parallel=True)
def bound_slices(m, out, lo, hi):
    for i in prange(m.shape[0]):
        row = m[i, :]
        window = row[lo:hi]
        head = m[i, :3]
        t = 0.0
        for j in range(window.shape[0]):
            t += window[j]
        for j in range(len(head)):
            t -= 0.5 * head[j]
        out[i] = t + row_sum(m[i])
