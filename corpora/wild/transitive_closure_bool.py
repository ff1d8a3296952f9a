"""Reachability in a directed graph, as in algorithm course notes: Warshall's transitive closure of a
bool adjacency matrix, updated in place, and the mask of nodes a start node reaches.

The graph comes from an edge-list file named on the command line, so nothing in the file says what
dtype the kernels get: difftest generates bool matrices for them (no run markers, no recorded types).
"""
import sys

import numpy as np
from numba import njit


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


@njit
def reached_from(reach, start, seen):
    n = reach.shape[0]
    for j in range(n):
        if reach[start, j] or j == start:
            seen[j] = True


def read_edges(path):
    edges = np.loadtxt(path, dtype=np.int64, ndmin=2)
    n = int(edges.max()) + 1
    adj = np.zeros((n, n), dtype=np.bool_)
    adj[edges[:, 0], edges[:, 1]] = True
    return adj


if __name__ == "__main__":
    adj = read_edges(sys.argv[1])
    closure = transitive_closure(adj.copy())
    seen = np.zeros(adj.shape[0], dtype=np.bool_)
    reached_from(closure, 0, seen)
    print(int(closure.sum()), "pairs reachable;", int(seen.sum()), "nodes reached from node 0")
