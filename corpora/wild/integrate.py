"""Numerical integration in the style of public Numba code.

Idioms: a scalar helper integrand, the trapezoid and Simpson rules as reductions, an explicit
Euler/RK4 integrator (loop-carried state), a midpoint rule over many intervals with prange.
"""
import math

import numpy as np
from numba import njit, prange


@njit
def integrand(x):
    return math.exp(-x * x) * math.cos(3.0 * x)


# caramba: runas trapezoid(0.0, 2.0, N)
@njit
def trapezoid(a, b, n):
    h = (b - a) / n
    s = 0.5 * (integrand(a) + integrand(b))
    for i in range(1, n):
        s += integrand(a + i * h)
    return s * h


# caramba: runas simpson(0.0, 2.0, 2 * N)
@njit
def simpson(a, b, n):
    h = (b - a) / n
    s = integrand(a) + integrand(b)
    for i in range(1, n):
        if i % 2 == 1:
            s += 4.0 * integrand(a + i * h)
        else:
            s += 2.0 * integrand(a + i * h)
    return s * h / 3.0


# caramba: runas midpoint(0.0, 2.0, N)
@njit(parallel=True)
def midpoint(a, b, n):
    h = (b - a) / n
    s = 0.0
    for i in prange(n):
        s += integrand(a + (i + 0.5) * h)
    return s * h


# caramba: runas rk4_decay(1.0, 0.3, 0.01, N)
@njit
def rk4_decay(y0, k, dt, steps):
    y = y0
    for s in range(steps):
        k1 = -k * y
        k2 = -k * (y + 0.5 * dt * k1)
        k3 = -k * (y + 0.5 * dt * k2)
        k4 = -k * (y + dt * k3)
        y = y + dt * (k1 + 2.0 * k2 + 2.0 * k3 + k4) / 6.0
    return y
