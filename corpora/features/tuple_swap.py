"""Tuple assignment: an in-place reversal by swaps, element swaps in prange loops (plain
and conditional), and a helper's tuple stored into two arrays at each step."""
import numpy as np
from numba import njit, prange


# caramba: runas reverse(np.random.rand(N))
# caramba: runas reverse(np.random.rand(7))
@njit
def reverse(a):
    n = a.shape[0]
    for i in range(n // 2):
        a[i], a[n - 1 - i] = a[n - 1 - i], a[i]


# caramba: runas swap_all(np.random.rand(N), np.random.rand(N))
@njit(parallel=True)
def swap_all(a, b):
    for i in prange(a.shape[0]):
        a[i], b[i] = b[i], a[i]


# caramba: runas order_pairs(np.random.rand(N), np.random.rand(N))
@njit(parallel=True)
def order_pairs(lo, hi):
    for i in prange(lo.shape[0]):
        if lo[i] > hi[i]:
            lo[i], hi[i] = hi[i], lo[i]


# caramba: runas energy(np.random.rand(N, 3), 2)
@njit
def energy(pos, t):
    k = 0.0
    p = 0.0
    for i in range(pos.shape[0]):
        k += pos[i, 0] * pos[i, 0] * t
        p += pos[i, 1] - pos[i, 2]
    return k, p


# nbody's `KE[i + 1], PE[i + 1] = getEnergy(...)`: a helper's tuple stored into two arrays.
# caramba: runas record_energy(np.random.rand(N, 3), 5)
@njit
def record_energy(pos, steps):
    ke = np.empty(steps)
    pe = np.empty(steps)
    for t in range(steps):
        ke[t], pe[t] = energy(pos, t)
    return ke, pe
