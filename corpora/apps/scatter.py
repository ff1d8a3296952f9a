"""Particles and graphs: kernels whose prange iterations update shared elements.

Binning particle positions, depositing mass on a grid, assembling spring forces
over an edge list and counting vertex degrees all add into elements that many
iterations share. Numba runs these prange loops without synchronisation (its
result can lose updates); the translation performs each update atomically.
"""
import numpy as np
from numba import njit, prange

# caramba: sizes N=2000,200000


def random_edges(n_vertices, n_edges, seed=1):
    rng = np.random.default_rng(seed)
    return rng.integers(0, n_vertices, size=(n_edges, 2))


@njit(parallel=True)
def bin_positions(x, lo, hi, nbins):
    counts = np.zeros(nbins, dtype=np.int64)
    width = (hi - lo) / nbins
    for i in prange(x.shape[0]):
        if x[i] >= lo and x[i] < hi:
            b = int((x[i] - lo) / width)
            counts[b] += 1
    return counts


@njit(parallel=True)
def weighted_histogram(x, w, lo, width, hist):
    nbins = hist.shape[0]
    for i in prange(x.shape[0]):
        b = int((x[i] - lo) / width)
        if b < 0:
            b = 0
        if b >= nbins:
            b = nbins - 1
        hist[b] += w[i]


@njit(parallel=True)
def deposit_mass(pos, mass, cell, grid):
    nx, ny = grid.shape
    for p in prange(pos.shape[0]):
        ix = int(pos[p, 0] / cell) % nx
        iy = int(pos[p, 1] / cell) % ny
        grid[ix, iy] += mass[p]


@njit(parallel=True)
def spring_forces(pos, edges, k, rest, f):
    for e in prange(edges.shape[0]):
        i = edges[e, 0]
        j = edges[e, 1]
        dx = pos[j, 0] - pos[i, 0]
        dy = pos[j, 1] - pos[i, 1]
        r = np.sqrt(dx * dx + dy * dy) + 1e-12
        s = k * (r - rest) / r
        f[i, 0] += s * dx
        f[i, 1] += s * dy
        f[j, 0] -= s * dx
        f[j, 1] -= s * dy


@njit(parallel=True)
def degrees(edges, n):
    deg = np.zeros(n, dtype=np.int64)
    for e in prange(edges.shape[0]):
        deg[edges[e, 0]] += 1
        deg[edges[e, 1]] += 1
    return deg


@njit("void(int64[:], int64[:], int64[:])", parallel=True)
def latest_per_label(labels, stamps, latest):
    for i in prange(labels.shape[0]):
        latest[labels[i]] = max(latest[labels[i]], stamps[i])


# Few bins, many particles: the threads contend for every element.
# caramba: runas bin_positions(rng.normal(0.0, 1.0, N), -3.0, 3.0, 16)
# caramba: runas weighted_histogram(rng.random(N), rng.integers(1, 5, N) * 0.25, 0.0, 0.125, np.zeros(8))
# caramba: runas deposit_mass(rng.random((N, 2)) * 4.0, rng.integers(1, 9, N) * 0.5, 1.0, np.zeros((4, 4)))
# caramba: runas spring_forces(rng.random((64, 2)), random_edges(64, N), 2.0, 0.1, np.zeros((64, 2)))
# caramba: runas degrees(random_edges(50, N), 50)
# caramba: runas latest_per_label(rng.integers(0, 6, N), rng.integers(0, 10 ** 9, N), np.zeros(6, dtype=np.int64))
