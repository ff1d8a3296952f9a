# Thesis snippet 2.5: a prange reduction with a triangular inner loop (the
# eager signature gives the element type, which decides the declarations).
import numba
import numpy as np


@numba.njit("float64(float64[:])", parallel=True)
def potential_numba_scalar_prange(cluster):
    energy = 0.0
    for i in numba.prange(len(cluster) - 1):
        for j in range(i + 1, len(cluster)):
            r = cluster[i] - cluster[j]
            e = 1.0 / r ** 12 - 1.0 / r ** 6
            energy += e
    return energy
