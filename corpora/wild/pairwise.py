"""Pairwise geometry in the style of public Numba code: distance matrices, row norms, cosine similarity.

Idioms: a serial double loop (auto-parallelism), `np.sqrt`, `np.dot` and `np.linalg.norm` of rows
(slices of a 2-D array), a helper kernel taking two rows.
"""
import numpy as np
from numba import njit, prange

# caramba: sizes N=20,400


@njit
def euclid(u, v):
    d = 0.0
    for k in range(u.shape[0]):
        t = u[k] - v[k]
        d += t * t
    return np.sqrt(d)


# caramba: runas distance_matrix(np.random.rand(N, 3))
@njit(parallel=True)
def distance_matrix(x):
    n = x.shape[0]
    out = np.empty((n, n))
    for i in prange(n):
        for j in range(n):
            out[i, j] = euclid(x[i], x[j])
    return out


# caramba: runas row_norms(np.random.rand(N, 8), np.zeros(N))
@njit
def row_norms(x, out):
    for i in range(x.shape[0]):
        out[i] = np.linalg.norm(x[i, :])


# caramba: runas cosine_matrix(np.random.rand(N, 5) + 0.1, np.zeros((N, N)))
@njit(parallel=True)
def cosine_matrix(x, out):
    n = x.shape[0]
    for i in prange(n):
        for j in range(n):
            out[i, j] = np.dot(x[i], x[j]) / (np.sqrt(np.dot(x[i], x[i])) * np.sqrt(np.dot(x[j], x[j])))


# caramba: runas nearest(np.random.rand(N, 2), np.zeros(N, dtype=np.int64))
@njit
def nearest(pts, idx):
    n = pts.shape[0]
    for i in range(n):
        best = -1
        best_d = np.inf
        for j in range(n):
            if j != i:
                dx = pts[i, 0] - pts[j, 0]
                dy = pts[i, 1] - pts[j, 1]
                d = dx * dx + dy * dy
                if d < best_d:
                    best_d = d
                    best = j
        idx[i] = best
