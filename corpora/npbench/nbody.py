"""Direct-summation N-body (NPBench nbody, after "Create your own N-body
simulation"): pairwise accelerations through broadcast differences, the
energies, and leapfrog steps that return the energy histories."""
import numpy as np
import numba as nb


def initialize(N, tEnd=0.05, dt=0.01):
    rng = np.random.default_rng(42)
    mass = 20.0 * np.ones((N, 1)) / N
    pos = rng.random((N, 3))
    vel = rng.random((N, 3))
    Nt = int(np.ceil(tEnd / dt))
    return mass, pos, vel, N, Nt, dt, 1.0, 0.1


@nb.jit(nopython=True, parallel=False, fastmath=True)
def getAcc(pos, mass, G, softening):
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]
    dx = x.T - x
    dy = y.T - y
    dz = z.T - z
    inv_r3 = (dx ** 2 + dy ** 2 + dz ** 2 + softening ** 2)
    inv_r3 = inv_r3 ** (-1.5)
    ax = G * (dx * inv_r3) @ mass
    ay = G * (dy * inv_r3) @ mass
    az = G * (dz * inv_r3) @ mass
    a = np.hstack((ax, ay, az))
    return a


# caramba: runas getEnergy(rng.random((N, 3)), rng.random((N, 3)), 20.0 * np.ones((N, 1)) / N, 1.0)
@nb.jit(nopython=True, parallel=False, fastmath=True)
def getEnergy(pos, vel, mass, G):
    KE = 0.5 * np.sum(mass * vel ** 2)
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]
    dx = x.T - x
    dy = y.T - y
    dz = z.T - z
    inv_r = np.sqrt(dx ** 2 + dy ** 2 + dz ** 2)
    inv_r = np.where(inv_r > 0, 1.0 / inv_r, 0.0)
    PE = G * np.sum(np.triu(-(mass * mass.T) * inv_r, 1))
    return KE, PE


# caramba: sizes N=32,512
# caramba: runas nbody(*initialize(N))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def nbody(mass, pos, vel, N, Nt, dt, G, softening):
    vel -= np.sum(mass * vel, axis=0) / np.mean(mass)
    acc = getAcc(pos, mass, G, softening)
    KE = np.empty(Nt + 1, dtype=np.float64)
    PE = np.empty(Nt + 1, dtype=np.float64)
    KE[0], PE[0] = getEnergy(pos, vel, mass, G)
    t = 0.0
    for i in range(Nt):
        vel += acc * dt / 2.0
        pos += vel * dt
        acc = getAcc(pos, mass, G, softening)
        vel += acc * dt / 2.0
        t += dt
        KE[i + 1], PE[i + 1] = getEnergy(pos, vel, mass, G)
    return KE, PE


# The loop formulation found in many Numba tutorials.
# caramba: runas accelerations(rng.random((N, 3)), np.ones(N) / N, 1.0, 0.1)
@nb.njit(parallel=True, fastmath=True)
def accelerations(pos, mass, G, softening):
    n = pos.shape[0]
    acc = np.zeros((n, 3))
    for i in nb.prange(n):
        for j in range(n):
            dx = pos[j, 0] - pos[i, 0]
            dy = pos[j, 1] - pos[i, 1]
            dz = pos[j, 2] - pos[i, 2]
            inv = (dx * dx + dy * dy + dz * dz + softening * softening) ** -1.5
            acc[i, 0] += G * dx * inv * mass[j]
            acc[i, 1] += G * dy * inv * mass[j]
            acc[i, 2] += G * dz * inv * mass[j]
    return acc
