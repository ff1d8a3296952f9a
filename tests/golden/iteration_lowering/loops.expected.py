# Loops over arrays, enumerate and zip become range loops in Numba spelling.
import numpy as np
from numba import njit, prange


@njit
def centroid_distance(points, c, out):
    # rows only indexed: the array's own index
    for i in range(points.shape[0]):
        dx = points[i, 0] - c[0]
        dy = points[i, 1] - c[1]
        out[i] = np.sqrt(dx * dx + dy * dy)


@njit
def mean_abs_diff(a, b):
    s = 0.0
    n = 0
    for _pk_it0 in range(min(a.shape[0], b.shape[0])):  # stops at the shorter array
        x = a[_pk_it0]
        y = b[_pk_it0]
        s += abs(x - y)
        n += 1
    return s / n


@njit
def weighted(a, lo, hi):
    s = 0.0
    for _pk_it0 in range(min(hi - lo, a.shape[0])):
        k = lo + _pk_it0
        v = a[_pk_it0]
        s += k * v
    for _pk_it1 in range(a.shape[0]):
        rank = _pk_it1 + 1
        v = a[_pk_it1]
        s += v / rank
    return s


@njit
def rows_total(grid):
    t = 0.0
    for _pk_it0 in range(grid.shape[0]):
        row = grid[_pk_it0]
        for _pk_it1 in range(row.shape[0]):
            v = row[_pk_it1]
            t += v
    return t


@njit(parallel=True)
def untouched(a):
    # range and prange loops are already index loops
    for i in prange(a.shape[0]):
        a[i] = 0.0
