"""Small vector utilities of a geometry module, jitted one by one and called
both from Python and from other jitted functions, as such modules grow: a
normalisation written with whole-array NumPy that a jitted projection calls,
a matrix-vector product called only from Python, and a per-point loop."""
import numpy as np
from numba import njit, prange


@njit("float64[:](float64[:])")
def unit(v):
    return v / np.sqrt(np.sum(v * v))


# caramba: runas projection_length(np.random.rand(N), np.random.rand(N))
@njit
def projection_length(a, b):
    u = unit(b)
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * u[i]
    return s


# caramba: runas rotate(np.random.rand(3, 3), np.random.rand(3))
@njit("float64[:](float64[:, :], float64[:])")
def rotate(m, v):
    return np.dot(m, v)


# caramba: runas norms(np.random.rand(N, 3), np.zeros(N))
@njit(parallel=True)
def norms(p, out):
    for i in prange(p.shape[0]):
        out[i] = np.sqrt(p[i, 0] ** 2 + p[i, 1] ** 2 + p[i, 2] ** 2)
