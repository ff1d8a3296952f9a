# Loops over arrays, enumerate and zip become range loops in Numba spelling.
import numpy as np
from numba import njit, prange


@njit
def centroid_distance(points, c, out):
    # rows only indexed: the array's own index
    for i, p in enumerate(points):
        dx = p[0] - c[0]
        dy = p[1] - c[1]
        out[i] = np.sqrt(dx * dx + dy * dy)


@njit
def mean_abs_diff(a, b):
    s = 0.0
    n = 0
    for x, y in zip(a, b):  # stops at the shorter array
        s += abs(x - y)
        n += 1
    return s / n


@njit
def weighted(a, lo, hi):
    s = 0.0
    for k, v in zip(range(lo, hi), a):
        s += k * v
    for rank, v in enumerate(a, start=1):
        s += v / rank
    return s


@njit
def rows_total(grid):
    t = 0.0
    for row in grid:
        for v in row:
            t += v
    return t


@njit(parallel=True)
def untouched(a):
    # range and prange loops are already index loops
    for i in prange(a.shape[0]):
        a[i] = 0.0
