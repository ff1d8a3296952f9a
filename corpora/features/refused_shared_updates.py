"""prange loops whose iterations update shared elements in forms an atomic
cannot express: the kernels stay Numba code (CRB407)."""
import numpy as np
from numba import njit, prange


# A read-modify-write split over two statements.
# caramba: runas count_split(rng.integers(0, 8, N), np.zeros(8, dtype=np.int64))
@njit(parallel=True)
def count_split(idx, counts):
    for i in prange(idx.shape[0]):
        c = counts[idx[i]]
        counts[idx[i]] = c + 1


# The running count is read while other iterations update it.
# caramba: runas rank_in_bin(rng.integers(0, 8, N), np.zeros(8, dtype=np.int64), np.zeros(N, dtype=np.int64))
@njit(parallel=True)
def rank_in_bin(idx, counts, rank):
    for i in prange(idx.shape[0]):
        counts[idx[i]] += 1
        rank[i] = counts[idx[i]]


# A floating-point max per bin: with a NaN it depends on the order.
# caramba: runas peak_per_bin(rng.integers(0, 8, N), rng.random(N), np.zeros(8))
@njit("void(int64[:], float64[:], float64[:])", parallel=True)
def peak_per_bin(idx, x, peak):
    for i in prange(idx.shape[0]):
        peak[idx[i]] = max(peak[idx[i]], x[i])


# Fractional weights into integer counts: Numba converts after each addition.
# caramba: runas int_weights(rng.integers(0, 8, N), rng.random(N), np.zeros(8, dtype=np.int64))
@njit("void(int64[:], float64[:], int64[:])", parallel=True)
def int_weights(idx, w, counts):
    for i in prange(idx.shape[0]):
        counts[idx[i]] += w[i]
