# CRB129: the kernel stays Numba code, byte for byte. A serial kernel may
# assign its scalar parameters (it starts from a local copy of each); a kernel
# whose parallel loop is its one workunit may not, since every iteration would
# start again from the parameter (here without host programs, which rebind it
# on the host).
# caramba-options: --no-phases
import numpy as np
from numba import njit, prange


@njit("void(float64[:], float64)", parallel=True)
def k(a, n):  # expect: CRB129
    n = n + 1
    for i in prange(a.shape[0]):
        a[i] = n
