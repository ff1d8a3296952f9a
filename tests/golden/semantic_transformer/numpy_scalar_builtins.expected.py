# np.abs, np.minimum and np.maximum of scalars are the builtins abs, min, max.
import numpy as np
from numba import njit, prange
import pykokkos as pk
import math


@pk.workunit
def _pk_clamp(tid, x: pk.View1D[pk.double], k: pk.View1D[pk.int64]):
    i: pk.int64 = tid
    x[i] = math.fmin(math.fmax(abs(x[i]), 0.25), 0.75)
    k[i] = abs(k[i] - 3)


def clamp(x, k):
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, x.shape[0]), _pk_clamp,
        x=pk.array(x),
        k=pk.array(k))


@njit
def total_abs(a):
    return np.abs(a)  # expect: CRB201
