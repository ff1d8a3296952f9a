# This case tests the one-workunit model.
# caramba-options: --no-phases
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def two_loops(a, b):
    for i in prange(a.shape[0]):
        a[i] = 1.0
    for i in prange(b.shape[0]):  # expect: CRB401
        b[i] = 2.0
