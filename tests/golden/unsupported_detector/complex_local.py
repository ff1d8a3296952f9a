# Complex numbers have no PyKokkos type: a kernel taking a complex array is
# refused at its signature (CRB142), before any local is typed; it stays Numba code.
import numpy as np
from numba import njit


@njit("void(complex128[:], float64[:])")
def k(z, out):  # expect: CRB142
    for i in range(z.shape[0]):
        w = z[i]
        out[i] = 1.0
