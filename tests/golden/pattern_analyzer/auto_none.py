# --parallelize=none: every kernel runs serially, prange loops too.
# caramba-options: --explain-parallel --parallelize=none
import numpy as np
from numba import njit, prange


@njit
def scale(a, out, s):
    for i in range(a.shape[0]):  # expect: CRB522
        out[i] = a[i] * s


@njit(parallel=True)
def pscale(a, out, s):
    for i in prange(a.shape[0]):  # expect: CRB522
        out[i] = a[i] * s
