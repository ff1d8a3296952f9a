"""lennard_jones: the Lennard-Jones potential energy of a cluster of atoms.

Written from the thesis's description (chapter 2, snippet 2.5, and chapter 4,
lennard_jones_prange.py), after Numba's documented example: an outer prange
over the atoms, an inner serial loop over the later atoms, and two helper
kernels called from the parallel loop (the distance takes rows of `cluster`,
so `cluster` is 2-D: the thesis's snippet 2.2).
"""
import math

import numba
import numpy as np

# The O(n^2) pair loop: n atoms per level.
# caramba: sizes N=50,1000


# caramba: runas lj_numba_scalar(1.1)
# caramba: runas lj_numba_scalar(0.95)
@numba.njit
def lj_numba_scalar(r):
    sr6 = (1.0 / r) ** 6
    pot = 4.0 * (sr6 * sr6 - sr6)
    return pot


# caramba: runas distance_numba_scalar(np.array([0.0, 1.0, 2.0]), np.array([1.5, -0.5, 2.25]))
@numba.njit
def distance_numba_scalar(p1, p2):
    dx = p1[0] - p2[0]
    dy = p1[1] - p2[1]
    dz = p1[2] - p2[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


# Atoms on a jittered 10x10x10 grid (spacing 1.2), so no two are closer than 1.
# caramba: runas potential_numba_scalar_prange(np.array([[i % 10, i // 10 % 10, i // 100] for i in range(N)], dtype=np.float64) * 1.2 + np.random.uniform(-0.1, 0.1, (N, 3)))
@numba.njit(parallel=True)
def potential_numba_scalar_prange(cluster):
    energy = 0.0
    # numba.prange requires parallel=True flag to compile.
    # It causes the Numba compiler to parallelize the outer loop.
    for i in numba.prange(len(cluster) - 1):
        for j in range(i + 1, len(cluster)):
            r = distance_numba_scalar(cluster[i], cluster[j])
            e = lj_numba_scalar(r)
            energy += e
    return energy
