"""Conway's Game of Life and a 1-D cellular automaton, in the style of public Numba code.

Idioms: periodic neighbours with `%`, a helper kernel counting neighbours (takes the grid and two
indices), integer arrays, a copy of the state with a slice assignment.
"""
import numpy as np
from numba import njit

# caramba: sizes N=64,4096


# caramba: runas neighbours(rng.integers(0, 2, (N2, N2)), 0, N2 - 1)
@njit
def neighbours(g, i, j):
    n, m = g.shape
    c = 0
    for di in range(-1, 2):
        for dj in range(-1, 2):
            if di != 0 or dj != 0:
                c += g[(i + di) % n, (j + dj) % m]
    return c


# caramba: runas life_step(rng.integers(0, 2, (N2, N2)), np.zeros((N2, N2), dtype=np.int64))
@njit
def life_step(g, out):
    n, m = g.shape
    for i in range(n):
        for j in range(m):
            k = neighbours(g, i, j)
            if g[i, j] == 1 and (k == 2 or k == 3):
                out[i, j] = 1
            elif g[i, j] == 0 and k == 3:
                out[i, j] = 1
            else:
                out[i, j] = 0


# caramba: runas rule90(rng.integers(0, 2, N), np.zeros(N, dtype=np.int64))
@njit
def rule90(cells, out):
    n = cells.shape[0]
    for i in range(n):
        out[i] = cells[(i - 1) % n] ^ cells[(i + 1) % n]


# caramba: runas population(rng.integers(0, 2, (N2, N2)))
@njit
def population(g):
    return np.sum(g)
