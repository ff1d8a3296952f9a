"""Kernels that read module-level constants (Numba freezes them at compile time)."""
import math

import numpy as np
from numba import njit, prange

G = 6.674e-11
SOFTENING = 1e-3
TWO_PI = 2 * np.pi
STEPS = 10
DT = 1.0 / STEPS
HALF_DT = 0.5 * DT
WEIGHTS = (0.25, 0.5, 0.25)
DEG = math.pi / 180.0
ALPHA = -0.75


# caramba: sizes N=32,256
# caramba: runas potential(np.random.rand(N, 3), np.random.rand(N) + 0.5)
@njit
def potential(pos, mass):
    n = pos.shape[0]
    e = 0.0
    for i in range(n):
        for j in range(i + 1, n):
            dx = pos[i, 0] - pos[j, 0]
            dy = pos[i, 1] - pos[j, 1]
            dz = pos[i, 2] - pos[j, 2]
            r = math.sqrt(dx * dx + dy * dy + dz * dz + SOFTENING * SOFTENING)
            e -= G * mass[i] * mass[j] / r
    return e


# caramba: runas phases(np.random.rand(N), np.zeros(N))
@njit(parallel=True)
def phases(t, out):
    for i in prange(t.shape[0]):
        out[i] = math.sin(TWO_PI * t[i]) + math.cos(DEG * 30.0)


# caramba: runas integrate(0.3, 1.2)
@njit
def integrate(x0, v0):
    x = x0
    v = v0
    for _ in range(STEPS):
        v += HALF_DT * ALPHA * x
        x += DT * v
        v += HALF_DT * ALPHA * x
    return x + v


# caramba: runas smooth3(np.random.rand(N), np.zeros(N))
@njit
def smooth3(a, out):
    n = a.shape[0]
    for i in range(1, n - 1):
        out[i] = WEIGHTS[0] * a[i - 1] + WEIGHTS[1] * a[i] + WEIGHTS[-1] * a[i + 1]


# caramba: runas taps(np.random.rand(N), np.zeros(N))
@njit
def taps(a, out):
    # a tuple indexed by a variable: no literal index to inline
    n = a.shape[0]
    for i in range(1, n - 1):
        s = 0.0
        for k in range(len(WEIGHTS)):
            s += WEIGHTS[k] * a[i + k - 1]
        out[i] = s
