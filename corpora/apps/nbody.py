"""Gravitational n-body: softened accelerations, a leapfrog step, the total energy."""
import math

import numpy as np
from numba import njit, prange

# caramba: sizes N=32,512


@njit(parallel=True)
def accelerations(pos, mass, acc, soft):
    n = pos.shape[0]
    for i in prange(n):
        ax = 0.0
        ay = 0.0
        az = 0.0
        for j in range(n):
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            dz = pos[j, 2] - pos[i, 2]
            inv = 1.0 / math.sqrt(dx * dx + dy * dy + dz * dz + soft * soft) ** 3
            ax += mass[j] * dx * inv
            ay += mass[j] * dy * inv
            az += mass[j] * dz * inv
        acc[i, 0] = ax
        acc[i, 1] = ay
        acc[i, 2] = az


@njit
def leapfrog(pos, vel, mass, acc, dt, soft, steps):
    accelerations(pos, mass, acc, soft)
    for s in range(steps):
        for i in range(pos.shape[0]):
            for d in range(3):
                vel[i, d] += 0.5 * dt * acc[i, d]
                pos[i, d] += dt * vel[i, d]
        accelerations(pos, mass, acc, soft)
        for i in range(pos.shape[0]):
            for d in range(3):
                vel[i, d] += 0.5 * dt * acc[i, d]


@njit
def total_energy(pos, vel, mass, soft):
    n = pos.shape[0]
    kin = 0.0
    pot = 0.0
    for i in range(n):
        kin += 0.5 * mass[i] * (vel[i, 0] ** 2 + vel[i, 1] ** 2 + vel[i, 2] ** 2)
        for j in range(i + 1, n):
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            dz = pos[j, 2] - pos[i, 2]
            pot -= mass[i] * mass[j] / math.sqrt(dx * dx + dy * dy + dz * dz + soft * soft)
    return kin + pot


# caramba: runas accelerations(np.random.randn(N, 3), np.random.rand(N) / N, np.zeros((N, 3)), 0.1)
# caramba: runas leapfrog(np.random.randn(N, 3), np.random.randn(N, 3) * 0.1, np.random.rand(N) / N, np.zeros((N, 3)), 0.01, 0.1, 3)
# caramba: runas total_energy(np.random.randn(N, 3), np.random.randn(N, 3) * 0.1, np.random.rand(N) / N, 0.1)
