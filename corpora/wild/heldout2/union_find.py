"""Disjoint-set (union-find) code on parent arrays: components, Kruskal's MST, percolation clusters.

Find with path halving in a while loop, union by size, the number of components of an edge list,
Kruskal's minimum spanning tree weight over edges pre-sorted by weight, and Hoshen-Kopelman-style
labelling of occupied sites of a square lattice (cluster sizes in the end).
"""
import numpy as np
from numba import njit


@njit
def find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit
def union(parent, size, a, b):
    ra = find(parent, a)
    rb = find(parent, b)
    if ra == rb:
        return False
    if size[ra] < size[rb]:
        ra, rb = rb, ra
    parent[rb] = ra
    size[ra] += size[rb]
    return True


def edges(n, m, seed=0):
    r = np.random.default_rng(seed)
    return r.integers(0, n, m), r.integers(0, n, m)


# caramba: runas count_components(*edges(N, N // 2), N)
@njit
def count_components(u, v, n):
    parent = np.arange(n)
    size = np.ones(n, dtype=np.int64)
    comps = n
    for e in range(u.shape[0]):
        if union(parent, size, u[e], v[e]):
            comps -= 1
    return comps


def weighted_edges(n, m, seed=1):
    r = np.random.default_rng(seed)
    u = r.integers(0, n, m)
    v = r.integers(0, n, m)
    w = r.random(m)
    order = np.argsort(w)
    return u[order], v[order], w[order], n


# caramba: runas kruskal_weight(*weighted_edges(N, 4 * N))
@njit
def kruskal_weight(u, v, w, n):
    parent = np.arange(n)
    size = np.ones(n, dtype=np.int64)
    total = 0.0
    used = 0
    for e in range(len(w)):
        if union(parent, size, u[e], v[e]):
            total += w[e]
            used += 1
            if used == n - 1:
                break
    return total, used


# caramba: sizes N=10,300
# caramba: runas percolation_clusters(rng.random((N, N)) < 0.55)
@njit
def percolation_clusters(occupied):
    L = occupied.shape[0]
    parent = np.arange(L * L)
    size = np.ones(L * L, dtype=np.int64)
    for i in range(L):
        for j in range(L):
            if not occupied[i, j]:
                continue
            if i > 0 and occupied[i - 1, j]:
                union(parent, size, i * L + j, (i - 1) * L + j)
            if j > 0 and occupied[i, j - 1]:
                union(parent, size, i * L + j, i * L + j - 1)
    largest = 0
    for k in range(L * L):
        if occupied[k // L, k % L] and find(parent, k) == k:
            largest = max(largest, size[k])
    return largest


if __name__ == "__main__":
    print(count_components(*edges(100, 50), 100), kruskal_weight(*weighted_edges(50, 200)))
    print(percolation_clusters(np.random.rand(20, 20) < 0.55))
