# CRB122: nested kernels that cannot be lifted to module level stay Numba
# code with the reason; one that reads an array of its enclosing function is
# lifted first and refused here, and the KernelRestorer puts it back where it
# was at the end of the pipeline.
import numpy as np
from numba import njit


def make_scalers():
    out = []
    for f in (1.0, 2.0):
        @njit
        def scale(x):  # expect: CRB122
            return x * f
        out.append(scale)
    return out


def make_shifted(table):
    @njit
    def shifted(x):  # expect: CRB122
        out = np.empty_like(x)
        for i in range(x.shape[0]):
            out[i] = x[i] + table[i % 4]
        return out
    return shifted


class Grid:
    # Not a static method: stays in the class.
    @njit
    def fill(a, v):  # expect: CRB122
        for i in range(a.shape[0]):
            a[i] = v
