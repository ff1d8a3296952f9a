"""Computational geometry on coordinate arrays, as in GIS and game-dev snippets.

Point in polygon by ray casting (an integer flag toggled per edge), the shoelace area, polygon
perimeter with wrap-around, bounding boxes written into an output array, and the closest pair
distance by brute force with an early-out on the x gap after sorting.
"""
import math

import numpy as np
from numba import njit, prange

# caramba: sizes N=50,2000


def regular_polygon(k):
    t = np.linspace(0.0, 2.0 * np.pi, k, endpoint=False)
    return np.cos(t), np.sin(t)


@njit
def point_in_polygon(px, py, xs, ys):
    n = xs.shape[0]
    inside = 0
    j = n - 1
    for i in range(n):
        if (ys[i] > py) != (ys[j] > py):
            xcross = (xs[j] - xs[i]) * (py - ys[i]) / (ys[j] - ys[i]) + xs[i]
            if px < xcross:
                inside = 1 - inside
        j = i
    return inside


# caramba: runas points_inside(np.random.rand(N) * 2.4 - 1.2, np.random.rand(N) * 2.4 - 1.2, *regular_polygon(7))
@njit(parallel=True)
def points_inside(qx, qy, xs, ys):
    out = np.zeros(qx.shape[0], dtype=np.int64)
    for k in prange(qx.shape[0]):
        out[k] = point_in_polygon(qx[k], qy[k], xs, ys)
    return out


# caramba: runas shoelace(*regular_polygon(N))
@njit
def shoelace(x, y):
    n = len(x)
    s = 0.0
    for i in range(n):
        j = (i + 1) % n
        s += x[i] * y[j] - x[j] * y[i]
    return abs(s) / 2.0


# caramba: runas perimeter(*regular_polygon(N))
@njit
def perimeter(x, y):
    total = 0.0
    for i in range(-1, x.shape[0] - 1):
        total += math.hypot(x[i + 1] - x[i], y[i + 1] - y[i])
    return total


# caramba: runas bounding_boxes(np.random.rand(N, 4, 2), np.zeros((N, 4)))
@njit
def bounding_boxes(shapes, boxes):
    for s in range(shapes.shape[0]):
        xmin = shapes[s, 0, 0]
        xmax = xmin
        ymin = shapes[s, 0, 1]
        ymax = ymin
        for v in range(1, shapes.shape[1]):
            xmin = min(xmin, shapes[s, v, 0])
            xmax = max(xmax, shapes[s, v, 0])
            ymin = min(ymin, shapes[s, v, 1])
            ymax = max(ymax, shapes[s, v, 1])
        boxes[s, 0] = xmin
        boxes[s, 1] = ymin
        boxes[s, 2] = xmax
        boxes[s, 3] = ymax


# caramba: runas closest_pair_sorted(np.sort(np.random.rand(N)), np.random.rand(N))
@njit
def closest_pair_sorted(xs, ys):
    n = xs.shape[0]
    best = np.inf
    for i in range(n):
        for j in range(i + 1, n):
            dx = xs[j] - xs[i]
            if dx >= best:
                break
            d = math.sqrt(dx * dx + (ys[j] - ys[i]) ** 2)
            if d < best:
                best = d
    return best


if __name__ == "__main__":
    xs, ys = regular_polygon(6)
    print(point_in_polygon(0.0, 0.0, xs, ys), shoelace(xs, ys), perimeter(xs, ys))
