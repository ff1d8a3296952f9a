"""Arrays joined into new ones, as NumPy code does before and after its
element-wise work: coordinates stacked into an (n, 3) array, polynomial
features as columns, two signals as rows, an edge-padded vector, blocks of a
matrix side by side and one above the other."""
import numpy as np
from numba import njit


def initialize(N):
    rng = np.random.default_rng(5)
    return rng.random(N), rng.random(N), rng.random(N)


# caramba: sizes N=100,100000
# caramba: runas stack_coords(*initialize(N))
@njit
def stack_coords(x, y, z):
    r = np.sqrt(x ** 2 + y ** 2 + z ** 2)
    return np.stack((x / r, y / r, z / r), axis=1)


# caramba: runas poly_features(initialize(N)[0])
@njit
def poly_features(x):
    X = np.column_stack((x, x ** 2, x ** 3, np.sin(x)))
    return X


# caramba: runas two_rows(*initialize(N)[:2])
@njit
def two_rows(u, v):
    return np.vstack((u - v, u + v))


# caramba: runas edge_pad(initialize(N)[0])
@njit
def edge_pad(x):
    padded = np.concatenate((x[:1], x, x[-1:]))
    return 0.25 * padded[:-2] + 0.5 * padded[1:-1] + 0.25 * padded[2:]


# caramba: sizes N2=10,300
# caramba: runas blocks(np.random.default_rng(6).random((N2, N2)), np.random.default_rng(7).random((N2, 4)))
@njit
def blocks(a, b):
    side = np.hstack((a, b))
    below = np.concatenate((a, a.T), axis=0)
    return side.sum() + below.sum()
