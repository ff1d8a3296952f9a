"""Helpers that return a tuple of scalars, unpacked by their callers."""
import math

import numpy as np
from numba import njit


@njit
def rotate(x, y, theta):
    """Rotates the point (x, y) by theta."""
    c = math.cos(theta)
    s = math.sin(theta)
    return c * x - s * y, s * x + c * y


# caramba: runas rotate_all(np.random.rand(N), np.random.rand(N), 0.3)
@njit
def rotate_all(xs, ys, theta):
    for i in range(xs.shape[0]):
        xs[i], ys[i] = rotate(xs[i], ys[i], theta)


# caramba: runas spin(np.random.rand(N), np.random.rand(N), 0.7, np.zeros(N), np.zeros(N))
@njit
def spin(xs, ys, theta, outx, outy):
    for i in range(xs.shape[0]):
        x, y = rotate(xs[i], ys[i], theta * i)
        outx[i] = x
        outy[i] = y


@njit
def to_polar(x, y):
    r = math.sqrt(x * x + y * y)
    return r, math.atan2(y, x)


# caramba: runas mean_radius_angle(np.random.rand(N, 2) - 0.5)
@njit
def mean_radius_angle(p):
    rs = 0.0
    phis = 0.0
    for i in range(p.shape[0]):
        r, phi = to_polar(p[i, 0], p[i, 1])
        rs += r
        phis += phi
    return rs / p.shape[0] + phis


@njit
def min_max(a):
    lo = a[0]
    hi = a[0]
    for v in a:
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    return lo, hi


# caramba: runas normalize(np.random.rand(N) * 5.0 - 1.0, np.zeros(N))
@njit
def normalize(a, out):
    lo, hi = min_max(a)
    for i in range(a.shape[0]):
        out[i] = (a[i] - lo) / (hi - lo)


@njit
def fib_pair(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a, b


# caramba: runas fib_ratio(30)
@njit
def fib_ratio(n):
    a, b = fib_pair(n)
    return b / a
