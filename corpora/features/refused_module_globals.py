"""Module-level names a kernel cannot read as constants: a rebound number and a global array."""
import numpy as np
from numba import njit

SCALE = 2.0
TABLE = np.linspace(0.0, 1.0, 16)


# caramba: runas scaled(np.random.rand(N), np.zeros(N))
@njit
def scaled(a, out):
    for i in range(a.shape[0]):
        out[i] = SCALE * a[i]


# caramba: runas lookup(np.random.randint(0, 16, N), np.zeros(N))
@njit
def lookup(idx, out):
    for i in range(idx.shape[0]):
        out[i] = TABLE[idx[i]]


def set_scale(s):
    global SCALE
    SCALE = s
