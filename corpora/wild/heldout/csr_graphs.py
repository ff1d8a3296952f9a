"""Graph algorithms on CSR adjacency arrays (indptr, indices), in the style of network-science code.

Breadth-first search with an explicit queue array and while loop, out-degrees, PageRank power
iterations, connected components by label propagation until nothing changes, and a CSR mat-vec.
"""
import numpy as np
from numba import njit, prange


def ring_graph(n, k):
    """Each node links to its k successors on a ring: a CSR matrix with sorted columns."""
    indptr = np.arange(0, n * k + 1, k, dtype=np.int64)
    indices = np.empty(n * k, dtype=np.int64)
    for i in range(n):
        for j in range(k):
            indices[i * k + j] = (i + j + 1) % n
    return indptr, indices


def two_rings(n, k):
    p1, i1 = ring_graph(n, k)
    p2, i2 = ring_graph(n, k)
    return np.concatenate((p1, p2[1:] + p1[-1])), np.concatenate((i1, i2 + n))


# caramba: runas bfs_levels(*ring_graph(N, 3), 0)
@njit
def bfs_levels(indptr, indices, source):
    n = indptr.shape[0] - 1
    level = np.full(n, -1, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    head = 0
    tail = 0
    queue[tail] = source
    tail += 1
    level[source] = 0
    while head < tail:
        u = queue[head]
        head += 1
        for p in range(indptr[u], indptr[u + 1]):
            v = indices[p]
            if level[v] == -1:
                level[v] = level[u] + 1
                queue[tail] = v
                tail += 1
    return level


# caramba: runas out_degree(ring_graph(N, 4)[0])
@njit
def out_degree(indptr):
    n = len(indptr) - 1
    deg = np.zeros(n, dtype=np.int64)
    for i in range(n):
        deg[i] = indptr[i + 1] - indptr[i]
    return deg


# caramba: runas pagerank(*ring_graph(N, 3), 0.85, 20)
@njit
def pagerank(indptr, indices, damping, iters):
    n = indptr.shape[0] - 1
    rank = np.full(n, 1.0 / n)
    new = np.zeros(n)
    for _ in range(iters):
        new[:] = (1.0 - damping) / n
        for u in range(n):
            deg = indptr[u + 1] - indptr[u]
            if deg == 0:
                continue
            share = damping * rank[u] / deg
            for p in range(indptr[u], indptr[u + 1]):
                new[indices[p]] += share
        rank[:] = new
    return rank


# caramba: runas connected_components(*two_rings(N, 2))
@njit
def connected_components(indptr, indices):
    n = indptr.shape[0] - 1
    label = np.arange(n)
    changed = True
    while changed:
        changed = False
        for u in range(n):
            for p in range(indptr[u], indptr[u + 1]):
                v = indices[p]
                if label[v] < label[u]:
                    label[u] = label[v]
                    changed = True
                elif label[u] < label[v]:
                    label[v] = label[u]
                    changed = True
    return label


# caramba: runas csr_matvec(*ring_graph(N, 5), np.random.rand(N * 5), np.random.rand(N))
@njit(parallel=True)
def csr_matvec(indptr, indices, data, x):
    n = indptr.shape[0] - 1
    y = np.zeros(n)
    for i in prange(n):
        s = 0.0
        for p in range(indptr[i], indptr[i + 1]):
            s += data[p] * x[indices[p]]
        y[i] = s
    return y


if __name__ == "__main__":
    ip, ix = ring_graph(10, 2)
    print(bfs_levels(ip, ix, 0), pagerank(ip, ix, 0.85, 10))
