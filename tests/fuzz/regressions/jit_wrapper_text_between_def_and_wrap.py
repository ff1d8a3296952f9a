# Kernels made by calling the decorator become decorated defs.
import numba
import numpy as np
from numba import njit



def saxpy(a, x, y, out):
    for i in range(x.shape[0]):
        out[i] = a * x[i] + y[i]


saxpy = njit(saxpy)


def _norm(v):
    s = 0.0
    for i in range(v.shape[0]):
        s += v[i] * v[i]
    return np.sqrt(s)


# _norm stays the plain Python function; norm is the kernel.
norm = numba.jit(nopython=True)(_norm)


def make_kernel():
    # inside a function: stays as written (CRB122)
    def inner(x):
        return x + 1.0

    return njit(inner)
