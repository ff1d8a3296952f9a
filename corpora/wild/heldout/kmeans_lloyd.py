"""k-means (Lloyd's algorithm) written step by step, as in course notebooks.

The assignment step returns integer labels, the update step accumulates sums and counts, and the
driver iterates until no label changes (an integer flag) or a maximum number of iterations.
"""
import numpy as np
from numba import njit


@njit
def sq_dist(X, i, C, k):
    d = 0.0
    for f in range(X.shape[1]):
        t = X[i, f] - C[k, f]
        d += t * t
    return d


# caramba: runas assign_labels(rng.random((N, 2)), rng.random((4, 2)), np.zeros(N, dtype=np.int64))
@njit
def assign_labels(X, C, labels):
    changed = 0
    for i in range(X.shape[0]):
        best = 0
        best_d = sq_dist(X, i, C, 0)
        for k in range(1, C.shape[0]):
            d = sq_dist(X, i, C, k)
            if d < best_d:
                best_d = d
                best = k
        if labels[i] != best:
            labels[i] = best
            changed += 1
    return changed


# caramba: runas update_centroids(rng.random((N, 2)), rng.integers(0, 4, N), rng.random((4, 2)))
@njit
def update_centroids(X, labels, C):
    k = C.shape[0]
    d = X.shape[1]
    sums = np.zeros((k, d))
    counts = np.zeros(k, dtype=np.int64)
    for i in range(X.shape[0]):
        c = labels[i]
        counts[c] += 1
        for f in range(d):
            sums[c, f] += X[i, f]
    for c in range(k):
        if counts[c] > 0:
            for f in range(d):
                C[c, f] = sums[c, f] / counts[c]


# caramba: runas inertia(rng.random((N, 3)), rng.random((5, 3)), rng.integers(0, 5, N))
@njit
def inertia(X, C, labels):
    total = 0.0
    for i in range(X.shape[0]):
        total += sq_dist(X, i, C, labels[i])
    return total


# caramba: runas kmeans(rng.random((N, 2)), 3, 50)
@njit
def kmeans(X, k, max_iter):
    n = X.shape[0]
    C = np.empty((k, X.shape[1]))
    for c in range(k):
        for f in range(X.shape[1]):
            C[c, f] = X[c * (n // k), f]
    labels = np.full(n, -1, dtype=np.int64)
    it = 0
    while it < max_iter:
        if assign_labels(X, C, labels) == 0:
            break
        update_centroids(X, labels, C)
        it += 1
    return C


if __name__ == "__main__":
    pts = np.random.rand(1000, 2)
    print(kmeans(pts, 4, 100))
