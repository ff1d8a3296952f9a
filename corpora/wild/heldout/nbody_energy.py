"""N-body potential and forces with helper functions, as in astrophysics teaching code.

A softened pairwise potential summed over i < j, forces accumulated with Newton's third law, a
prange force loop over all pairs, the centre of mass, and a leapfrog drift/kick that calls the
force routine.
"""
import math

import numpy as np
from numba import njit, prange

G = 1.0
SOFT = 0.01

# caramba: sizes N=30,600


@njit(cache=True)
def pair_potential(dx, dy, dz, mi, mj):
    r = math.sqrt(dx * dx + dy * dy + dz * dz + SOFT * SOFT)
    return -G * mi * mj / r


# caramba: runas potential_energy(np.random.rand(N, 3), np.random.rand(N) + 0.1)
@njit(cache=True)
def potential_energy(pos, mass):
    n = pos.shape[0]
    pe = 0.0
    for i in range(n - 1):
        for j in range(i + 1, n):
            pe += pair_potential(pos[j, 0] - pos[i, 0], pos[j, 1] - pos[i, 1],
                                 pos[j, 2] - pos[i, 2], mass[i], mass[j])
    return pe


# caramba: runas forces_symmetric(np.random.rand(N, 3), np.random.rand(N) + 0.1)
@njit
def forces_symmetric(pos, mass):
    n = pos.shape[0]
    acc = np.zeros((n, 3))
    for i in range(n):
        for j in range(i + 1, n):
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            dz = pos[j, 2] - pos[i, 2]
            inv = (dx * dx + dy * dy + dz * dz + SOFT ** 2) ** -1.5
            acc[i, 0] += G * mass[j] * dx * inv
            acc[i, 1] += G * mass[j] * dy * inv
            acc[i, 2] += G * mass[j] * dz * inv
            acc[j, 0] -= G * mass[i] * dx * inv
            acc[j, 1] -= G * mass[i] * dy * inv
            acc[j, 2] -= G * mass[i] * dz * inv
    return acc


# caramba: runas forces_parallel(np.random.rand(N, 3), np.random.rand(N) + 0.1)
@njit(parallel=True, fastmath=True)
def forces_parallel(pos, mass):
    n = pos.shape[0]
    acc = np.zeros_like(pos)
    for i in prange(n):
        ax = 0.0
        ay = 0.0
        az = 0.0
        for j in range(n):
            if i == j:
                continue
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            dz = pos[j, 2] - pos[i, 2]
            r2 = dx * dx + dy * dy + dz * dz + SOFT * SOFT
            inv = 1.0 / (r2 * math.sqrt(r2))
            ax += mass[j] * dx * inv
            ay += mass[j] * dy * inv
            az += mass[j] * dz * inv
        acc[i, 0] = G * ax
        acc[i, 1] = G * ay
        acc[i, 2] = G * az
    return acc


# caramba: runas centre_of_mass(np.random.rand(N, 3), np.random.rand(N) + 0.1)
@njit
def centre_of_mass(pos, mass):
    com = np.zeros(3)
    total = 0.0
    for i in range(pos.shape[0]):
        total += mass[i]
        for d in range(3):
            com[d] += mass[i] * pos[i, d]
    for d in range(3):
        com[d] /= total
    return com


# caramba: runas leapfrog(np.random.rand(N, 3), np.zeros((N, 3)), np.random.rand(N) + 0.1, 1e-3, 3)
@njit
def leapfrog(pos, vel, mass, dt, steps):
    acc = forces_symmetric(pos, mass)
    for s in range(steps):
        vel += 0.5 * dt * acc
        pos += dt * vel
        acc = forces_symmetric(pos, mass)
        vel += 0.5 * dt * acc
    return pos


if __name__ == "__main__":
    p = np.random.rand(50, 3)
    m = np.ones(50)
    print(potential_energy(p, m), centre_of_mass(p, m))
