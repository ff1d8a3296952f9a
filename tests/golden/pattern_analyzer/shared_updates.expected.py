# prange iterations that may update the same element: updates become atomics
# (note CRB406), forms atomics cannot express are refused (CRB407), and
# arrays each iteration owns are left alone.
import numpy as np
from numba import njit, prange


@njit("void(int64[:], float64[:], float64[:])", parallel=True)
def histogram(idx, w, hist):
    for i in prange(idx.shape[0]):
        hist[idx[i]] += w[i]  # expect: CRB406


@njit("void(float64[:], float64[:])", parallel=True)
def flux(u, f):
    for i in prange(u.shape[0] - 1):
        g = u[i + 1] - u[i]
        f[i] += g  # expect: CRB406
        f[i + 1] -= g


@njit(parallel=True)
def owned(a, out, c, n):
    for i in prange(a.shape[0]):
        for j in range(a.shape[1]):
            out[i] += a[i, j]
            c[i * n + j] = 0.0
            c[i * n + j] += a[i, j]


@njit(parallel=True)
def scatter(perm, x, out):
    for i in prange(x.shape[0]):
        out[perm[i]] = x[i]


@njit("void(int64[:], int64[:])", parallel=True)
def split(idx, counts):
    for i in prange(idx.shape[0]):
        c = counts[idx[i]]
        counts[idx[i]] = c + 1  # expect: CRB407


@njit(parallel=True)
def update_then_read(idx, counts, rank):
    for i in prange(idx.shape[0]):
        counts[idx[i]] += 1
        rank[i] = counts[idx[i]]  # expect: CRB407


@njit(parallel=True)
def halve(idx, h):
    for i in prange(idx.shape[0]):
        h[idx[i]] /= 2.0  # expect: CRB407


@njit("void(int64[:], float64[:], int64[:])", parallel=True)
def int_from_float(idx, w, counts):
    for i in prange(idx.shape[0]):
        counts[idx[i]] += w[i]  # expect: CRB407


@njit("void(int64[:], float64[:], float64[:])", parallel=True)
def float_max(idx, x, peak):
    for i in prange(idx.shape[0]):
        peak[idx[i]] = max(peak[idx[i]], x[i])  # expect: CRB407

