"""Triangular masks of matrices as NumPy code writes them: the pair
potential of an n-body system summed over the upper triangle (NPBench
nbody's getEnergy), a strictly lower triangle of a product, and a banded
copy."""
import numpy as np
import numba as nb


def bodies(n, rng):
    pos = rng.standard_normal((n, 3))
    mass = 20.0 * np.ones((n, 1)) / n
    return pos, mass


# caramba: runas potential(*bodies(N2, rng), 1.0)
@nb.njit(fastmath=True)
def potential(pos, mass, G):
    dx = pos[:, 0].copy().reshape((-1, 1))
    dy = pos[:, 1].copy().reshape((-1, 1))
    r = np.sqrt((dx.T - dx) ** 2 + (dy.T - dy) ** 2)
    inv_r = np.where(r > 0, 1.0 / r, 0.0)
    return G * np.sum(np.triu(-(mass * mass.T) * inv_r, 1))


# caramba: runas strictly_lower(rng.random((N2, N2)), rng.random((N2, N2)))
@nb.njit
def strictly_lower(A, B):
    return np.tril(A @ B, -1)


# caramba: runas band(rng.integers(0, 9, (N2, N2 + 2)), 2)
@nb.njit
def band(a, w):
    return np.triu(np.tril(a, w), -w)
