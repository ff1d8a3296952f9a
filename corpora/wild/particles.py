"""Short-range particle forces in a periodic box, in the style of public MD snippets.

Idioms: a chain of scalar helper kernels (minimum image → pair force), a helper writing into an
output row, kinetic energy as `np.sum` of an element-wise product, a velocity update with slices.
"""
import numpy as np
from numba import njit, prange

# caramba: sizes N=30,600


@njit
def minimum_image(d, box):
    return d - box * np.round(d / box)


@njit
def pair_force(r2, eps, sigma):
    s2 = sigma * sigma / r2
    s6 = s2 * s2 * s2
    return 24.0 * eps * (2.0 * s6 * s6 - s6) / r2


@njit
def add_pair(f, i, dx, dy, dz, fr):
    f[i, 0] += fr * dx
    f[i, 1] += fr * dy
    f[i, 2] += fr * dz


# caramba: runas forces(np.random.rand(N, 3) * 10.0, 10.0, 2.5, np.zeros((N, 3)))
@njit(parallel=True)
def forces(x, box, rc, f):
    n = x.shape[0]
    for i in prange(n):
        for j in range(n):
            if i != j:
                dx = minimum_image(x[i, 0] - x[j, 0], box)
                dy = minimum_image(x[i, 1] - x[j, 1], box)
                dz = minimum_image(x[i, 2] - x[j, 2], box)
                r2 = dx * dx + dy * dy + dz * dz
                if r2 < rc * rc and r2 > 1e-12:
                    add_pair(f, i, dx, dy, dz, pair_force(r2, 1.0, 1.0))


# caramba: runas kinetic(np.random.rand(N, 3), 2.0)
@njit
def kinetic(v, mass):
    return 0.5 * mass * np.sum(v * v)


# caramba: runas kick(np.random.rand(N, 3), np.random.rand(N, 3), 0.01)
@njit
def kick(v, f, dt):
    for i in range(v.shape[0]):
        v[i, :] += dt * f[i, :]
