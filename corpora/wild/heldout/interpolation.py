"""Interpolation and quadrature, as in scientific-Python course notebooks.

Linear interpolation with a hand-written binary search (a while loop that halves an interval),
np.interp inside a kernel, the composite trapezoid and Simpson rules on samples, and cumulative
trapezoid integration.
"""
import numpy as np
from numba import njit


@njit
def find_interval(xp, x):
    lo = 0
    hi = xp.shape[0] - 1
    if x <= xp[lo]:
        return 0
    if x >= xp[hi]:
        return hi - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if xp[mid] <= x:
            lo = mid
        else:
            hi = mid
    return lo


# caramba: runas lin_interp(np.linspace(0.0, 10.0, 50), np.sin(np.linspace(0.0, 10.0, 50)), np.random.rand(N) * 12.0 - 1.0)
@njit
def lin_interp(xp, fp, x):
    y = np.empty(x.shape[0])
    for i in range(x.shape[0]):
        k = find_interval(xp, x[i])
        t = (x[i] - xp[k]) / (xp[k + 1] - xp[k])
        y[i] = (1.0 - t) * fp[k] + t * fp[k + 1]
    return y


# caramba: runas resample(np.linspace(0.0, 1.0, 33), np.cos(np.linspace(0.0, 1.0, 33)), N)
@njit
def resample(xp, fp, m):
    xs = np.linspace(xp[0], xp[-1], m)
    return np.interp(xs, xp, fp)


# caramba: runas trapezoid(np.sin(np.linspace(0.0, np.pi, N)), np.pi / (N - 1))
@njit
def trapezoid(y, dx):
    n = y.shape[0]
    s = 0.5 * (y[0] + y[n - 1])
    for i in range(1, n - 1):
        s += y[i]
    return s * dx


# caramba: runas simpson(np.exp(np.linspace(0.0, 1.0, 2 * (N // 2) + 1)), 1.0 / (2 * (N // 2)))
@njit
def simpson(y, h):
    n = len(y) - 1
    if n % 2 == 1:
        return np.nan
    s = y[0] + y[n]
    for i in range(1, n, 2):
        s += 4.0 * y[i]
    for i in range(2, n - 1, 2):
        s += 2.0 * y[i]
    return s * h / 3.0


# caramba: runas cumtrapz(np.random.rand(N), np.sort(np.random.rand(N)))
@njit
def cumtrapz(y, x):
    out = np.zeros_like(y)
    for i in range(1, y.shape[0]):
        out[i] = out[i - 1] + 0.5 * (x[i] - x[i - 1]) * (y[i] + y[i - 1])
    return out


if __name__ == "__main__":
    xp = np.linspace(0, 1, 5)
    print(lin_interp(xp, xp ** 2, np.array([0.1, 0.5, 0.95])))
