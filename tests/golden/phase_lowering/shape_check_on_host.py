import numpy as np
from numba import njit


# NumPy's shape checks that a workunit cannot run (they depend on a flag, or
# on a value a loop computes) run on the host, where they are plain Python.
@njit
def branch(a, out, flag):  # expect: CRB523
    if flag:
        out[1:] = a[1:] * 2.0


@njit
def computed(a, out):  # expect: CRB523
    k = 0
    for i in range(a.shape[0]):
        k += 1
    out[k:] = a[k:]
