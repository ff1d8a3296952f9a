"""Particle updates, as in molecular-dynamics and game-physics tutorials.

Velocity Verlet with a harmonic force, periodic wrapping with while loops (legacy style) and with
np.floor, reflecting walls that flip the velocity, a kinetic-energy reduction over prange, and a
linked-cell count of particles per cell.
"""
import numpy as np
from numba import njit, prange

BOX = 10.0
K_SPRING = 1.5


@njit
def harmonic_force(x):
    return -K_SPRING * x


# caramba: runas verlet_step(rng.random((N, 3)) * 10.0, rng.standard_normal((N, 3)), np.ones(N), 0.01)
@njit
def verlet_step(pos, vel, mass, dt):
    n = pos.shape[0]
    for i in range(n):
        for d in range(3):
            a = harmonic_force(pos[i, d]) / mass[i]
            vel[i, d] += 0.5 * dt * a
            pos[i, d] += dt * vel[i, d]
    for i in range(n):
        for d in range(3):
            a = harmonic_force(pos[i, d]) / mass[i]
            vel[i, d] += 0.5 * dt * a


# caramba: runas wrap_legacy(rng.random(N) * 40.0 - 20.0)
@njit
def wrap_legacy(x):
    for i in range(x.shape[0]):
        while x[i] >= BOX:
            x[i] -= BOX
        while x[i] < 0.0:
            x[i] += BOX


# caramba: runas wrap_floor(rng.random((N, 2)) * 40.0 - 20.0, BOX)
@njit(parallel=True)
def wrap_floor(pos, L):
    for i in prange(pos.shape[0]):
        for d in range(pos.shape[1]):
            pos[i, d] = pos[i, d] - L * np.floor(pos[i, d] / L)


# caramba: runas reflect(rng.random(N) * 12.0 - 1.0, rng.standard_normal(N), 0.0, BOX)
@njit
def reflect(x, v, lo, hi):
    bounces = 0
    for i in range(len(x)):
        if x[i] < lo:
            x[i] = 2 * lo - x[i]
            v[i] = -v[i]
            bounces += 1
        elif x[i] > hi:
            x[i] = 2 * hi - x[i]
            v[i] = -v[i]
            bounces += 1
    return bounces


# caramba: runas kinetic_energy(rng.standard_normal((N, 3)), rng.random(N) + 0.5)
@njit(parallel=True)
def kinetic_energy(vel, mass):
    ke = 0.0
    for i in prange(vel.shape[0]):
        v2 = vel[i, 0] ** 2 + vel[i, 1] ** 2 + vel[i, 2] ** 2
        ke += 0.5 * mass[i] * v2
    return ke


# caramba: runas cell_counts(rng.random((N, 2)) * 10.0, 1.0, 10)
@njit
def cell_counts(pos, cell_size, ncell):
    counts = np.zeros((ncell, ncell), dtype=np.int32)
    for i in range(pos.shape[0]):
        cx = int(pos[i, 0] / cell_size)
        cy = int(pos[i, 1] / cell_size)
        if cx >= ncell:
            cx = ncell - 1
        if cy >= ncell:
            cy = ncell - 1
        counts[cx, cy] += 1
    return counts


if __name__ == "__main__":
    p = np.random.rand(100, 3) * 10
    v = np.random.randn(100, 3)
    verlet_step(p, v, np.ones(100), 0.01)
    print(kinetic_energy(v, np.ones(100)))
