"""k-means clustering: assignment (parallel), centroid update, inertia."""
import numpy as np
from numba import njit, prange

# caramba: sizes N=200,20000


@njit(parallel=True)
def assign(points, centroids, labels):
    n = points.shape[0]
    k = centroids.shape[0]
    d = points.shape[1]
    for i in prange(n):
        best = 0
        best_dist = np.inf
        for c in range(k):
            dist = 0.0
            for j in range(d):
                t = points[i, j] - centroids[c, j]
                dist += t * t
            if dist < best_dist:
                best_dist = dist
                best = c
        labels[i] = best


@njit
def update_centroids(points, labels, centroids):
    k = centroids.shape[0]
    d = points.shape[1]
    counts = np.zeros(k, dtype=np.int64)
    sums = np.zeros((k, d))
    for i in range(points.shape[0]):
        c = labels[i]
        counts[c] += 1
        for j in range(d):
            sums[c, j] += points[i, j]
    for c in range(k):
        if counts[c] > 0:
            for j in range(d):
                centroids[c, j] = sums[c, j] / counts[c]
    return counts


@njit(parallel=True)
def inertia(points, centroids, labels):
    total = 0.0
    for i in prange(points.shape[0]):
        c = labels[i]
        for j in range(points.shape[1]):
            t = points[i, j] - centroids[c, j]
            total += t * t
    return total


# caramba: runas assign(np.random.rand(N, 4), np.random.rand(5, 4), np.zeros(N, dtype=np.int64))
# caramba: runas update_centroids(np.random.rand(N, 4), np.random.randint(0, 5, N), np.zeros((5, 4)))
# caramba: runas inertia(np.random.rand(N, 4), np.random.rand(5, 4), np.random.randint(0, 5, N))
