"""All-pairs shortest paths, Floyd-Warshall, as in algorithm course notebooks and PolyBench.

A float version with np.inf for missing edges, an integer version with a large sentinel, a
path-reconstruction table of predecessors, and the transitive closure on 0/1 integer matrices.
"""
import numpy as np
from numba import njit

INF = 10 ** 9

# caramba: sizes N=20,120


def random_weights(n):
    w = np.random.rand(n, n) * 10.0
    w[np.random.rand(n, n) < 0.6] = np.inf
    np.fill_diagonal(w, 0.0)
    return w


# caramba: runas floyd_warshall(random_weights(N))
@njit
def floyd_warshall(dist):
    n = dist.shape[0]
    d = dist.copy()
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if d[i, k] + d[k, j] < d[i, j]:
                    d[i, j] = d[i, k] + d[k, j]
    return d


# caramba: runas floyd_int(np.random.randint(1, 20, (N, N)))
@njit
def floyd_int(w):
    n = w.shape[0]
    for i in range(n):
        w[i, i] = 0
    for k in range(n):
        for i in range(n):
            dik = w[i, k]
            if dik == INF:
                continue
            for j in range(n):
                nd = dik + w[k, j]
                if nd < w[i, j]:
                    w[i, j] = nd


# caramba: runas floyd_with_paths(random_weights(N), np.zeros((N, N), dtype=np.int64))
@njit
def floyd_with_paths(d, pred):
    n = d.shape[0]
    for i in range(n):
        for j in range(n):
            if i != j and d[i, j] < np.inf:
                pred[i, j] = i
            else:
                pred[i, j] = -1
    for k in range(n):
        for i in range(n):
            for j in range(n):
                alt = d[i, k] + d[k, j]
                if alt < d[i, j]:
                    d[i, j] = alt
                    pred[i, j] = pred[k, j]


# caramba: runas transitive_closure((np.random.rand(N, N) < 0.05).astype(np.int64))
@njit
def transitive_closure(reach):
    n = reach.shape[0]
    for k in range(n):
        for i in range(n):
            if reach[i, k]:
                for j in range(n):
                    if reach[k, j]:
                        reach[i, j] = 1
    return reach


if __name__ == "__main__":
    print(floyd_warshall(random_weights(6)))
