# This case tests the one-workunit model.
# caramba-options: --no-phases
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def around(a):
    a[0] = 0.0  # expect: CRB403
    for i in prange(1, a.shape[0]):
        a[i] = 1.0
    a[0] = 2.0  # expect: CRB403
