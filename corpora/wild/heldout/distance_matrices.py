"""Pairwise distance matrices, as in Stack Overflow answers comparing Numba with scipy.

Euclidean with prange over rows, Manhattan with `@jit(nopython=True)`, cosine similarity with norms
computed first, and the nearest neighbour index of every point (an argmin loop).
"""
import math

import numpy as np
from numba import jit, njit, prange

# caramba: sizes N=40,400


# caramba: runas euclidean(np.random.rand(N, 3))
@njit(parallel=True, fastmath=True)
def euclidean(X):
    n = X.shape[0]
    D = np.empty((n, n), dtype=np.float64)
    for i in prange(n):
        for j in range(n):
            acc = 0.0
            for k in range(X.shape[1]):
                diff = X[i, k] - X[j, k]
                acc += diff * diff
            D[i, j] = math.sqrt(acc)
    return D


# caramba: runas manhattan(np.random.rand(N, 4), np.random.rand(N // 2, 4))
@jit(nopython=True)
def manhattan(A, B):
    out = np.zeros((A.shape[0], B.shape[0]))
    for i in range(A.shape[0]):
        for j in range(B.shape[0]):
            s = 0.0
            for k in range(A.shape[1]):
                s += abs(A[i, k] - B[j, k])
            out[i, j] = s
    return out


# caramba: runas cosine_similarity(np.random.rand(N, 8))
@njit
def cosine_similarity(X):
    n, d = X.shape
    norms = np.zeros(n)
    for i in range(n):
        for k in range(d):
            norms[i] += X[i, k] ** 2
        norms[i] = np.sqrt(norms[i])
    S = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            dot = 0.0
            for k in range(d):
                dot += X[i, k] * X[j, k]
            S[i, j] = dot / (norms[i] * norms[j])
    return S


# caramba: runas nearest_neighbour(np.random.rand(N, 2))
@njit(parallel=True)
def nearest_neighbour(P):
    n = P.shape[0]
    nn = np.empty(n, dtype=np.int64)
    for i in prange(n):
        best = -1
        best_d = np.inf
        for j in range(n):
            if j == i:
                continue
            dx = P[i, 0] - P[j, 0]
            dy = P[i, 1] - P[j, 1]
            d = dx * dx + dy * dy
            if d < best_d:
                best_d = d
                best = j
        nn[i] = best
    return nn


if __name__ == "__main__":
    X = np.random.rand(200, 3)
    D = euclidean(X)
    print(D.shape, nearest_neighbour(X[:, :2].copy())[:5])
