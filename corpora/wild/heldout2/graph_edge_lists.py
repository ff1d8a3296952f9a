"""Graph algorithms on edge lists (two int arrays src, dst), the layout of networkx exports.

BFS levels by frontier sweeps over all edges, connected components by min-label propagation until
nothing changes, PageRank by pushing rank along edges with out-degrees, degree counts, and the number
of triangles from a sorted adjacency (CSR built in the kernel with a cumulative sum).
"""
import numpy as np
from numba import njit, prange


def random_edges(n, m, seed=0):
    r = np.random.default_rng(seed)
    src = r.integers(0, n, m)
    dst = r.integers(0, n, m)
    keep = src != dst
    return src[keep].astype(np.int64), dst[keep].astype(np.int64)


def ring_edges(n):
    src = np.arange(n, dtype=np.int64)
    return src, (src + 1) % n


# caramba: runas bfs_levels(*random_edges(N, 3 * N), N, 0)
@njit
def bfs_levels(src, dst, n, root):
    level = np.full(n, -1, dtype=np.int64)
    level[root] = 0
    current = 0
    changed = True
    while changed:
        changed = False
        for e in range(src.shape[0]):
            u = src[e]
            v = dst[e]
            if level[u] == current and level[v] == -1:
                level[v] = current + 1
                changed = True
            if level[v] == current and level[u] == -1:
                level[u] = current + 1
                changed = True
        current += 1
    return level


# caramba: runas label_propagation(*random_edges(N, N), N)
@njit
def label_propagation(src, dst, n):
    labels = np.arange(n)
    while True:
        changed = 0
        for e in range(len(src)):
            a = labels[src[e]]
            b = labels[dst[e]]
            if a < b:
                labels[dst[e]] = a
                changed += 1
            elif b < a:
                labels[src[e]] = b
                changed += 1
        if changed == 0:
            break
    return labels


# caramba: runas out_degrees(*random_edges(N, 4 * N), N)
@njit
def out_degrees(src, dst, n):
    deg = np.zeros(n, np.int64)
    for e in range(src.size):
        deg[src[e]] += 1
    return deg


# caramba: runas pagerank(*random_edges(N, 5 * N), N, 0.85, 30)
@njit
def pagerank(src, dst, n, d, iters):
    deg = np.zeros(n)
    for e in range(src.shape[0]):
        deg[src[e]] += 1.0
    rank = np.ones(n) / n
    for it in range(iters):
        new = np.full(n, (1.0 - d) / n)
        dangling = 0.0
        for v in range(n):
            if deg[v] == 0:
                dangling += rank[v]
        for e in range(src.shape[0]):
            new[dst[e]] += d * rank[src[e]] / deg[src[e]]
        for v in range(n):
            new[v] += d * dangling / n
        rank = new
    return rank


# caramba: sizes N=40,400
# caramba: runas count_triangles(*random_edges(N, 6 * N, 3), N)
@njit
def count_triangles(src, dst, n):
    adj = np.zeros((n, n), dtype=np.uint8)
    for e in range(src.shape[0]):
        adj[src[e], dst[e]] = 1
        adj[dst[e], src[e]] = 1
    total = 0
    for i in range(n):
        for j in range(i + 1, n):
            if adj[i, j]:
                for k in range(j + 1, n):
                    if adj[j, k] and adj[i, k]:
                        total += 1
    return total


# caramba: runas edge_weights_parallel(*random_edges(N, 4 * N), rng.random((N, 2)))
@njit(parallel=True)
def edge_weights_parallel(src, dst, pos):
    w = np.empty(src.shape[0])
    for e in prange(src.shape[0]):
        dx = pos[src[e], 0] - pos[dst[e], 0]
        dy = pos[src[e], 1] - pos[dst[e], 1]
        w[e] = np.sqrt(dx * dx + dy * dy)
    return w


if __name__ == "__main__":
    s, d = random_edges(50, 150)
    print(bfs_levels(s, d, 50, 0))
    print(label_propagation(*random_edges(50, 40), 50))
    print(pagerank(s, d, 50, 0.85, 20).sum(), count_triangles(s, d, 50))
    print(out_degrees(s, d, 50)[:5], edge_weights_parallel(s, d, np.random.rand(50, 2))[:3])
