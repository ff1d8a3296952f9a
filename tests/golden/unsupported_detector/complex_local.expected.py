# CRB124: a local of a type the dialect lacks (complex); the kernel stays Numba code.
import numpy as np
from numba import njit


@njit("void(complex128[:], float64[:])")
def k(z, out):
    for i in range(z.shape[0]):
        w = z[i]  # expect: CRB124
        out[i] = 1.0
