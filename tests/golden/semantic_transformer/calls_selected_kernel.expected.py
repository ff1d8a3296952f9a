# caramba-options: --kernel refused_one
# Only `refused_one` is selected, and it is refused: the file must come out
# unchanged. The @pk.function copy of `norm2` that the unselected
# `uses_helper` would need was written anyway, without `import pykokkos`
# (found by the LSP corpus sweep on wild/pairwise.py).
import numpy as np
from numba import njit


@njit
def norm2(u):
    d = 0.0
    for k in range(u.shape[0]):
        d += u[k] * u[k]
    return d


@njit
def uses_helper(x, out):
    for i in range(x.shape[0]):
        out[i] = norm2(x[i])


@njit
def refused_one(a):  # expect: CRB140
    print(a)  # expect: CRB111
