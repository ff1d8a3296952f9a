"""Index arithmetic on loop variables, the way legacy codes write it.

A loop over a shifted range rebinds its variable to the local index, a
reversed copy and a periodic sum rebind it to the mirrored or wrapped index,
a search breaks out and returns the index it stopped at, and a smoother nests
a loop that reuses the outer loop's name. In Python the loop variable is an
ordinary name: rebinding it does not change the next iteration, and after the
loop it keeps its last value.
"""
import math

import numpy as np
from numba import njit


# caramba: runas shift_average(np.random.rand(N), np.zeros(N), 1, N, 1)
@njit
def shift_average(x, out, lo, hi, off):
    for a in range(lo, hi):
        a = a - off
        out[a] = 0.5 * (x[a] + x[a + off])


# caramba: runas mirror_scale(np.random.rand(N), np.zeros(N), 3.0)
@njit
def mirror_scale(x, out, c):
    n = x.shape[0]
    for i in range(n):
        i = n - 1 - i
        out[i] = c * x[i] + i


# caramba: runas periodic_weighted_sum(np.random.rand(N), 7)
@njit
def periodic_weighted_sum(x, shift):
    n = x.shape[0]
    s = 0.0
    for i in range(n):
        i = (i + shift) % n
        s += x[i] * (i + 1)
    return s


# caramba: runas first_crossing(np.cumsum(np.random.rand(N)), 0.6 * N)
@njit
def first_crossing(cum, level):
    i = 0
    for i in range(cum.shape[0]):
        if cum[i] >= level:
            break
    return i


# caramba: runas smooth_ends(np.random.rand(N), np.zeros(N))
@njit
def smooth_ends(x, out):
    n = x.shape[0]
    for i in range(n):
        out[i] = x[i]
    for i in range(1, 4):
        out[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0
    # i is 3 here: the last point the loop smoothed
    out[n - 1] = out[i]


# Rebinding the loop variable to the physical time makes it a float64 for
# Numba, which a workunit's integer loop variable cannot follow.
# caramba: runas sample_wave(np.zeros(N), 0.01)
@njit
def sample_wave(out, dt):
    for t in range(out.shape[0]):
        idx = t
        t = t * dt
        out[idx] = math.sin(2.0 * math.pi * t)
