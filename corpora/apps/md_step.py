"""Molecular dynamics: Lennard-Jones forces, a velocity-Verlet step, and the
kinetic energy, on atoms of a jittered cubic lattice (no close pairs)."""
import numpy as np
from numba import njit, prange

# caramba: sizes N=27,343


@njit(parallel=True)
def compute_forces(pos, forces, cutoff):
    n = pos.shape[0]
    energy = 0.0
    for i in prange(n):
        fx = 0.0
        fy = 0.0
        fz = 0.0
        for j in range(n):
            if i != j:
                dx = pos[i, 0] - pos[j, 0]
                dy = pos[i, 1] - pos[j, 1]
                dz = pos[i, 2] - pos[j, 2]
                r2 = dx * dx + dy * dy + dz * dz
                if r2 < cutoff * cutoff:
                    inv6 = 1.0 / (r2 * r2 * r2)
                    f = 24.0 * inv6 * (2.0 * inv6 - 1.0) / r2
                    fx += f * dx
                    fy += f * dy
                    fz += f * dz
                    energy += 2.0 * inv6 * (inv6 - 1.0)
        forces[i, 0] = fx
        forces[i, 1] = fy
        forces[i, 2] = fz
    return energy


@njit
def verlet_step(pos, vel, forces, dt, cutoff):
    n = pos.shape[0]
    for i in range(n):
        for d in range(3):
            vel[i, d] += 0.5 * dt * forces[i, d]
            pos[i, d] += dt * vel[i, d]
    energy = compute_forces(pos, forces, cutoff)
    for i in range(n):
        for d in range(3):
            vel[i, d] += 0.5 * dt * forces[i, d]
    return energy


@njit(parallel=True)
def kinetic_energy(vel):
    e = 0.0
    for i in prange(vel.shape[0]):
        e += 0.5 * (vel[i, 0] ** 2 + vel[i, 1] ** 2 + vel[i, 2] ** 2)
    return e


def lattice(n, seed=0):
    side = int(round(n ** (1.0 / 3.0)))
    g = np.arange(side, dtype=np.float64) * 1.12
    pos = np.array(np.meshgrid(g, g, g, indexing="ij")).reshape(3, -1).T.copy()
    rng = np.random.default_rng(seed)
    return pos + rng.uniform(-0.02, 0.02, pos.shape)


# caramba: runas compute_forces(lattice(N), np.zeros((N, 3)), 2.5)
# caramba: runas verlet_step(lattice(N), np.random.uniform(-0.1, 0.1, (N, 3)), np.zeros((N, 3)), 0.001, 2.5)
# caramba: runas kinetic_energy(np.random.uniform(-1.0, 1.0, (N, 3)))
