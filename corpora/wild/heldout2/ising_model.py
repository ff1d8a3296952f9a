"""The 2-D Ising model with Metropolis updates on a checkerboard, a classic Numba showcase.

Spins are int8 (+1/-1) on a periodic L x L lattice. Each half-sweep updates one colour of the
checkerboard in parallel (prange over rows, the column stride 2); the acceptance uniforms are drawn
by the caller so that the runs are reproducible. Energy and magnetisation are reductions, and a
Wolff-free serial sweep with a precomputed acceptance table is the textbook single-spin version.
"""
import numpy as np
from numba import njit, prange


def lattice(L, seed=0):
    r = np.random.default_rng(seed)
    return np.where(r.random((L, L)) < 0.5, -1, 1).astype(np.int8)


def uniforms(L, seed=1):
    return np.random.default_rng(seed).random((L, L))


# caramba: sizes N=16,256
# caramba: runas checkerboard_sweep(lattice(N), uniforms(N), 0.44, 0)
# caramba: runas checkerboard_sweep(lattice(N), uniforms(N), 0.44, 1)
@njit(parallel=True)
def checkerboard_sweep(spins, u, beta, colour):
    L = spins.shape[0]
    for i in prange(L):
        start = (i + colour) % 2
        for j in range(start, L, 2):
            nb = (spins[(i + 1) % L, j] + spins[(i - 1) % L, j]
                  + spins[i, (j + 1) % L] + spins[i, (j - 1) % L])
            dE = 2 * spins[i, j] * nb
            if dE <= 0 or u[i, j] < np.exp(-beta * dE):
                spins[i, j] = -spins[i, j]
    return spins


# caramba: sizes N=16,256
# caramba: runas ising_energy(lattice(N), 1.0)
@njit
def ising_energy(spins, J):
    L = spins.shape[0]
    E = 0
    for i in range(L):
        for j in range(L):
            s = spins[i, j]
            E -= s * (spins[(i + 1) % L, j] + spins[i, (j + 1) % L])
    return J * E


# caramba: sizes N=16,256
# caramba: runas magnetization(lattice(N))
@njit(parallel=True)
def magnetization(spins):
    m = 0
    for i in prange(spins.shape[0]):
        for j in range(spins.shape[1]):
            m += spins[i, j]
    return m / spins.size


# caramba: sizes N=16,256
# caramba: runas metropolis_table_sweep(lattice(N), uniforms(N), 0.4)
@njit
def metropolis_table_sweep(spins, u, beta):
    L = spins.shape[0]
    table = np.zeros(17)
    for dE in range(-8, 9, 4):
        table[dE + 8] = min(1.0, np.exp(-beta * dE))
    accepted = 0
    for i in range(L):
        for j in range(L):
            nb = spins[(i + 1) % L, j] + spins[i - 1, j] + spins[i, (j + 1) % L] + spins[i, j - 1]
            dE = 2 * spins[i, j] * nb
            if u[i, j] < table[dE + 8]:
                spins[i, j] *= -1
                accepted += 1
    return accepted


if __name__ == "__main__":
    s = lattice(32)
    for c in range(2):
        checkerboard_sweep(s, uniforms(32), 0.44, c)
    print(ising_energy(s, 1.0), magnetization(s), metropolis_table_sweep(s, uniforms(32), 0.4))
