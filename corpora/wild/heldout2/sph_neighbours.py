"""Particle physics with neighbour searches: SPH density, Verlet lists, cell lists (2-D, periodic box).

The SPH density sums a cubic-spline kernel over all pairs within the smoothing length; the Verlet list
is built once (fixed maximum neighbours per particle, a count array beside it) and reused to sum
Lennard-Jones forces; the cell list bins particles by cell with a head/next linked list, as in
Allen & Tildesley's Fortran.
"""
import math
import numpy as np
from numba import njit, prange

MAX_NEIGH = 64


@njit
def cubic_spline(r, h):
    q = r / h
    sigma = 10.0 / (7.0 * math.pi * h * h)
    if q < 1.0:
        return sigma * (1.0 - 1.5 * q * q + 0.75 * q ** 3)
    elif q < 2.0:
        return sigma * 0.25 * (2.0 - q) ** 3
    return 0.0


# caramba: sizes N=60,1200
# caramba: runas sph_density(rng.random((N, 2)) * 10.0, np.full(N, 0.5), 0.6, 10.0)
@njit(parallel=True)
def sph_density(pos, mass, h, box):
    n = pos.shape[0]
    rho = np.zeros(n)
    for i in prange(n):
        acc = 0.0
        for j in range(n):
            dx = pos[i, 0] - pos[j, 0]
            dy = pos[i, 1] - pos[j, 1]
            dx -= box * round(dx / box)
            dy -= box * round(dy / box)
            r = math.sqrt(dx * dx + dy * dy)
            if r < 2.0 * h:
                acc += mass[j] * cubic_spline(r, h)
        rho[i] = acc
    return rho


# caramba: sizes N=60,1200
# caramba: runas build_verlet(rng.random((N, 2)) * 8.0, 1.2, 8.0)
@njit
def build_verlet(pos, rlist, box):
    n = pos.shape[0]
    neigh = np.zeros((n, MAX_NEIGH), dtype=np.int32)
    count = np.zeros(n, dtype=np.int32)
    r2 = rlist * rlist
    for i in range(n - 1):
        for j in range(i + 1, n):
            dx = pos[i, 0] - pos[j, 0]
            dy = pos[i, 1] - pos[j, 1]
            dx = dx - box * np.rint(dx / box)
            dy = dy - box * np.rint(dy / box)
            if dx * dx + dy * dy < r2 and count[i] < MAX_NEIGH:
                neigh[i, count[i]] = j
                count[i] += 1
    return neigh, count


def verlet_inputs(n, seed=0):
    r = np.random.default_rng(seed)
    pos = r.random((n, 2)) * 8.0
    neigh, count = build_verlet(pos, 1.2, 8.0)
    return pos, neigh, count


# caramba: sizes N=60,1200
# caramba: runas lj_forces_verlet(*verlet_inputs(N), 8.0, 1.0)
@njit
def lj_forces_verlet(pos, neigh, count, box, rc):
    n = pos.shape[0]
    f = np.zeros_like(pos)
    energy = 0.0
    for i in range(n):
        for k in range(count[i]):
            j = neigh[i, k]
            dx = pos[i, 0] - pos[j, 0]
            dy = pos[i, 1] - pos[j, 1]
            dx -= box * np.rint(dx / box)
            dy -= box * np.rint(dy / box)
            r2 = dx * dx + dy * dy
            if r2 < rc * rc:
                inv6 = 1.0 / (r2 * r2 * r2)
                energy += 4.0 * (inv6 * inv6 - inv6)
                fr = 24.0 * (2.0 * inv6 * inv6 - inv6) / r2
                f[i, 0] += fr * dx
                f[i, 1] += fr * dy
                f[j, 0] -= fr * dx
                f[j, 1] -= fr * dy
    return f, energy


# caramba: runas cell_list(rng.random((N, 2)) * 10.0, 10.0, 5)
@njit
def cell_list(pos, box, ncell):
    head = -np.ones(ncell * ncell, dtype=np.int64)
    nxt = -np.ones(pos.shape[0], dtype=np.int64)
    size = box / ncell
    for i in range(pos.shape[0]):
        cx = int(pos[i, 0] / size) % ncell
        cy = int(pos[i, 1] / size) % ncell
        c = cx * ncell + cy
        nxt[i] = head[c]
        head[c] = i
    return head, nxt


if __name__ == "__main__":
    p = np.random.rand(100, 2) * 10
    print(sph_density(p, np.full(100, 0.5), 0.6, 10.0).mean())
    pos, nb, ct = verlet_inputs(100)
    print(lj_forces_verlet(pos, nb, ct, 8.0, 1.0)[1])
    print(cell_list(p, 10.0, 5)[0])
