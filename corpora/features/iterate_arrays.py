"""Loops over arrays, enumerate and zip (written the way tutorials and older code do)."""
import numpy as np
from numba import njit


# caramba: runas array_total(np.random.rand(N))
@njit
def array_total(x):
    total = 0.0
    for v in x:
        total += v
    return total


# caramba: runas count_above(np.random.rand(N), 0.5)
@njit
def count_above(values, threshold):
    count = 0
    for v in values:
        if v > threshold:
            count += 1
    return count


# caramba: runas dot(np.random.rand(N), np.random.rand(N))
# caramba: runas dot(np.random.rand(17), np.random.rand(11))
@njit
def dot(a, b):
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    return s


# caramba: runas weighted_positions(np.random.rand(N))
@njit
def weighted_positions(w):
    acc = 0.0
    for i, wi in enumerate(w):
        acc += i * wi
    return acc


# caramba: runas first_index_above(np.random.rand(N), 0.9)
@njit
def first_index_above(a, limit):
    for i, v in enumerate(a):
        if v > limit:
            return i
    return -1


# caramba: runas scale_into(np.random.rand(N), np.zeros(N), 2.5)
@njit
def scale_into(src, dst, factor):
    for i, v in enumerate(src):
        dst[i] = factor * v


# caramba: runas ranked_sum(np.random.rand(N))
@njit
def ranked_sum(a):
    # enumerate counting from one, as a rank
    s = 0.0
    for rank, v in enumerate(a, 1):
        s += v / rank
    return s


# caramba: runas row_norms(np.random.rand(N, 3), np.zeros(N))
@njit
def row_norms(points, out):
    # iterating a 2-D array yields its rows
    for i, p in enumerate(points):
        out[i] = np.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2])


# caramba: runas grid_sum(np.random.rand(N, 4))
@njit
def grid_sum(grid):
    total = 0.0
    for row in grid:
        for v in row:
            total += v
    return total


# caramba: runas offset_sum(np.random.rand(N), 3, 40)
@njit
def offset_sum(a, lo, hi):
    s = 0.0
    for k, v in zip(range(lo, hi), a):
        s += k * v
    return s


# caramba: runas running_max(np.random.rand(N), np.zeros(N))
@njit
def running_max(a, out):
    best = -np.inf
    for i, (v, w) in enumerate(zip(a, out)):
        best = max(best, v + w)
        out[i] = best


# caramba: runas smooth_forward(np.random.rand(N))
@njit
def smooth_forward(a):
    # the body writes the element the next iteration reads: Numba reads it then
    n = a.shape[0]
    for i, v in enumerate(a):
        if i + 1 < n:
            a[i + 1] = 0.5 * (v + a[i + 1])
