"""A small Lennard-Jones molecular dynamics code in the legacy style: reduced
units as module-level constants, a periodic minimum-image helper, a force
routine that returns (energy, forces), and a velocity-Verlet time loop that
returns the energy trace."""
import numpy as np
from numba import njit

EPSILON = 1.0
SIGMA = 1.0
CUTOFF = 2.5
BOX = 6.0
DT = 0.002


def make_lattice(n_side):
    a = BOX / n_side
    pts = np.array([[i * a, j * a, k * a]
                    for i in range(n_side) for j in range(n_side) for k in range(n_side)],
                   dtype=np.float64)
    rng = np.random.default_rng(3)
    pts += 0.05 * rng.standard_normal(pts.shape)
    vel = 0.1 * rng.standard_normal(pts.shape)
    return pts, vel


@njit
def minimum_image(d):
    return d - BOX * np.rint(d / BOX)


@njit
def lj_pair(r2):
    inv6 = (SIGMA * SIGMA / r2) ** 3
    e = 4.0 * EPSILON * (inv6 * inv6 - inv6)
    f = 24.0 * EPSILON * (2.0 * inv6 * inv6 - inv6) / r2
    return e, f


# caramba: sizes N=27,216
# caramba: runas forces(make_lattice(N3)[0])
@njit
def forces(pos):
    n = pos.shape[0]
    f = np.zeros_like(pos)
    energy = 0.0
    rc2 = CUTOFF * CUTOFF
    for i in range(n - 1):
        for j in range(i + 1, n):
            d = minimum_image(pos[i] - pos[j])
            r2 = np.sum(d * d)
            if r2 < rc2:
                e, fr = lj_pair(r2)
                energy += e
                f[i] += fr * d
                f[j] -= fr * d
    return energy, f


# caramba: runas run_md(*make_lattice(N3), 10)
@njit
def run_md(pos, vel, nsteps):
    energies = np.zeros(nsteps)
    e, f = forces(pos)
    for step in range(nsteps):
        vel += 0.5 * DT * f
        pos += DT * vel
        pos %= BOX
        e, f = forces(pos)
        vel += 0.5 * DT * f
        energies[step] = e + 0.5 * np.sum(vel ** 2)
    return pos, vel, energies
