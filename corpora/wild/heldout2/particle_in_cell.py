"""A 1-D electrostatic particle-in-cell step, as in plasma-physics teaching codes.

Cloud-in-cell charge deposition (each particle shares its charge between two grid nodes; a scatter
with collisions), the field from the charge by a cumulative sum (Gauss's law in 1-D, periodic, mean
removed), gather of the field back to particles by linear interpolation, the leapfrog push with
periodic wrap of positions, and the kinetic energy.
"""
import numpy as np
from numba import njit, prange


def plasma(n, L=1.0, seed=0):
    r = np.random.default_rng(seed)
    return r.random(n) * L, r.standard_normal(n) * 0.1


# caramba: runas deposit_cic(plasma(N)[0], 64, 1.0)
@njit
def deposit_cic(x, ng, L):
    dx = L / ng
    rho = np.zeros(ng)
    for p in range(x.shape[0]):
        s = x[p] / dx
        j = int(s)
        f = s - j
        rho[j % ng] += 1.0 - f
        rho[(j + 1) % ng] += f
    return rho / (x.shape[0] * dx) * L


# caramba: runas field_from_rho(deposit_cic(plasma(N)[0], 64, 1.0), 1.0)
@njit
def field_from_rho(rho, L):
    ng = rho.shape[0]
    dx = L / ng
    mean = rho.mean()
    E = np.zeros(ng)
    for j in range(1, ng):
        E[j] = E[j - 1] + (rho[j] - mean) * dx
    shift = E.mean()
    for j in range(ng):
        E[j] -= shift
    return E


# caramba: runas gather_push(*plasma(N), rng.standard_normal(64) * 0.01, 1.0, 0.05)
@njit(parallel=True)
def gather_push(x, v, E, L, dt):
    ng = E.shape[0]
    dx = L / ng
    for p in prange(x.shape[0]):
        s = x[p] / dx
        j = int(s)
        f = s - j
        Ep = (1.0 - f) * E[j % ng] + f * E[(j + 1) % ng]
        v[p] -= Ep * dt
        x[p] = (x[p] + v[p] * dt) % L
    return x, v


# caramba: runas kinetic_energy(plasma(N)[1])
@njit(parallel=True)
def kinetic_energy(v):
    ke = 0.0
    for p in prange(v.shape[0]):
        ke += 0.5 * v[p] * v[p]
    return ke


if __name__ == "__main__":
    x, v = plasma(1000)
    rho = deposit_cic(x, 64, 1.0)
    E = field_from_rho(rho, 1.0)
    x, v = gather_push(x, v, E, 1.0, 0.05)
    print(rho.sum(), E[:3], kinetic_energy(v))
