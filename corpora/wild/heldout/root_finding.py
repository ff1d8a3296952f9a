"""Scalar root finding with while loops, as in numerical-methods course notebooks.

Bisection, Newton and secant on a cubic and on Kepler's equation, Brent-free; eager signatures on
the scalar kernels, a vectorised-by-loop driver that solves Kepler's equation for an array of mean
anomalies, and an iteration counter returned from a while loop.
"""
import math

import numpy as np
from numba import float64, int64, njit

TOL = 1e-12
MAXIT = 200


@njit(float64(float64))
def cubic(x):
    return x * x * x - 2.0 * x - 5.0


@njit(float64(float64))
def dcubic(x):
    return 3.0 * x * x - 2.0


@njit(float64(float64, float64))
def bisect_cubic(a, b):
    fa = cubic(a)
    while b - a > TOL:
        m = 0.5 * (a + b)
        fm = cubic(m)
        if fm == 0.0:
            return m
        if fa * fm < 0.0:
            b = m
        else:
            a = m
            fa = fm
    return 0.5 * (a + b)


@njit(float64(float64))
def newton_cubic(x0):
    x = x0
    for _ in range(MAXIT):
        step = cubic(x) / dcubic(x)
        x -= step
        if abs(step) < TOL:
            break
    return x


@njit(int64(float64, float64))
def secant_iterations(x0, x1):
    f0 = cubic(x0)
    f1 = cubic(x1)
    n = 0
    while abs(f1) > TOL and n < MAXIT:
        x2 = x1 - f1 * (x1 - x0) / (f1 - f0)
        x0, f0 = x1, f1
        x1 = x2
        f1 = cubic(x1)
        n += 1
    return n


# caramba: runas kepler(1.0, 0.5)
# caramba: runas kepler(4.0, 0.95)
@njit
def kepler(M, e):
    E = M if e < 0.8 else math.pi
    delta = 1.0
    while abs(delta) > TOL:
        delta = (E - e * math.sin(E) - M) / (1.0 - e * math.cos(E))
        E = E - delta
    return E


# caramba: runas solve_kepler(np.linspace(0.0, 2.0 * np.pi, N), 0.3)
# caramba: runas solve_kepler(np.linspace(0.1, 6.0, N), 0.9)
@njit
def solve_kepler(mean_anomalies, e):
    out = np.empty(mean_anomalies.shape[0])
    for i in range(mean_anomalies.shape[0]):
        out[i] = kepler(mean_anomalies[i], e)
    return out


if __name__ == "__main__":
    print(bisect_cubic(2.0, 3.0), newton_cubic(2.0), secant_iterations(2.0, 3.0))
    print(solve_kepler(np.linspace(0, 6, 5), 0.5))
