"""Computational geometry on coordinate arrays: polygons, hulls, point location, Voronoi labels.

Point-in-polygon by ray casting (the W. Randolph Franklin loop) for many points in parallel, the
shoelace area and centroid of a polygon, Andrew's monotone-chain convex hull on sorted points (a
stack held in an index array), the nearest seed of every pixel of a grid (a discrete Voronoi
diagram), and segment-segment intersection tests by orientation signs.
"""
import numpy as np
from numba import njit, prange


def star_polygon(k=7):
    t = np.linspace(0, 2 * np.pi, 2 * k, endpoint=False)
    r = np.where(np.arange(2 * k) % 2 == 0, 1.0, 0.45)
    return np.cos(t) * r, np.sin(t) * r


# caramba: runas points_in_polygon(rng.uniform(-1, 1, N), rng.uniform(-1, 1, N), *star_polygon())
@njit(parallel=True)
def points_in_polygon(px, py, vx, vy):
    n = vx.shape[0]
    inside = np.zeros(px.shape[0], dtype=np.bool_)
    for k in prange(px.shape[0]):
        c = False
        j = n - 1
        for i in range(n):
            if ((vy[i] > py[k]) != (vy[j] > py[k])) and \
                    (px[k] < (vx[j] - vx[i]) * (py[k] - vy[i]) / (vy[j] - vy[i]) + vx[i]):
                c = not c
            j = i
        inside[k] = c
    return inside


# caramba: runas polygon_area_centroid(*star_polygon(9))
@njit
def polygon_area_centroid(x, y):
    n = len(x)
    a = 0.0
    cx = 0.0
    cy = 0.0
    for i in range(n):
        j = (i + 1) % n
        cross = x[i] * y[j] - x[j] * y[i]
        a += cross
        cx += (x[i] + x[j]) * cross
        cy += (y[i] + y[j]) * cross
    a *= 0.5
    return a, cx / (6 * a), cy / (6 * a)


@njit
def cross(o, a, b, pts):
    return ((pts[a, 0] - pts[o, 0]) * (pts[b, 1] - pts[o, 1])
            - (pts[a, 1] - pts[o, 1]) * (pts[b, 0] - pts[o, 0]))


def sorted_points(n, seed=0):
    p = np.random.default_rng(seed).random((n, 2))
    return p[np.lexsort((p[:, 1], p[:, 0]))].copy()


# caramba: runas convex_hull(sorted_points(N))
@njit
def convex_hull(pts):
    n = pts.shape[0]
    hull = np.empty(2 * n, dtype=np.int64)
    k = 0
    for i in range(n):
        while k >= 2 and cross(hull[k - 2], hull[k - 1], i, pts) <= 0:
            k -= 1
        hull[k] = i
        k += 1
    t = k + 1
    for i in range(n - 2, -1, -1):
        while k >= t and cross(hull[k - 2], hull[k - 1], i, pts) <= 0:
            k -= 1
        hull[k] = i
        k += 1
    return hull[:k - 1]


# caramba: sizes N=10,200
# caramba: runas voronoi_labels(N, N, rng.random((12, 2)) * N)
@njit(parallel=True)
def voronoi_labels(h, w, seeds):
    lab = np.empty((h, w), dtype=np.int32)
    for y in prange(h):
        for x in range(w):
            best = 1e30
            bi = 0
            for s in range(seeds.shape[0]):
                d = (seeds[s, 0] - y) ** 2 + (seeds[s, 1] - x) ** 2
                if d < best:
                    best = d
                    bi = s
            lab[y, x] = bi
    return lab


@njit
def orient(ax, ay, bx, by, cx, cy):
    v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    if v > 0:
        return 1
    elif v < 0:
        return -1
    return 0


# caramba: runas segments_intersect(rng.random((N, 4)), rng.random((N, 4)))
@njit
def segments_intersect(s1, s2):
    out = np.zeros(s1.shape[0], dtype=np.bool_)
    for k in range(s1.shape[0]):
        ax, ay, bx, by = s1[k, 0], s1[k, 1], s1[k, 2], s1[k, 3]
        cx, cy, dx, dy = s2[k, 0], s2[k, 1], s2[k, 2], s2[k, 3]
        o1 = orient(ax, ay, bx, by, cx, cy)
        o2 = orient(ax, ay, bx, by, dx, dy)
        o3 = orient(cx, cy, dx, dy, ax, ay)
        o4 = orient(cx, cy, dx, dy, bx, by)
        out[k] = o1 != o2 and o3 != o4
    return out


if __name__ == "__main__":
    vx, vy = star_polygon()
    print(points_in_polygon(np.zeros(2), np.array([0.0, 0.99]), vx, vy), polygon_area_centroid(vx, vy))
    print(convex_hull(sorted_points(30)), voronoi_labels(5, 5, np.random.rand(3, 2) * 5)[0])
    print(segments_intersect(np.random.rand(3, 4), np.random.rand(3, 4)))
