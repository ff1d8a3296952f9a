# This case tests the one-workunit model.
# caramba-options: --no-phases
import numpy as np
from numba import njit, prange


# The serial loop holds only the prange loop: the caller runs it around the
# dispatch (no diagnostic).
@njit(parallel=True)
def steps(a, t):
    for s in range(t):
        for i in prange(a.shape[0]):
            a[i] += 1.0


@njit(parallel=True)
def steps_with_work(a, t):
    for s in range(t):
        a[0] = 0.0
        for i in prange(a.shape[0]):  # expect: CRB402
            a[i] += 1.0


@njit(parallel=True)
def in_branch(a, flag):
    if flag:
        for i in prange(a.shape[0]):  # expect: CRB402
            a[i] += 1.0


@njit(parallel=True)
def reduced(a, t):
    s = 0.0
    for k in range(t):
        for i in prange(a.shape[0]):  # expect: CRB402
            s += a[i]
    return s
