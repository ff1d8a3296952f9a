# Nested loops: by default only the outer loop is parallel (measured faster
# than flattening on the 2-core OpenMP machine, docs/translator.md).
# caramba-options: --explain-parallel
import numpy as np
from numba import njit, prange


@njit
def star(a, b):
    n = a.shape[0]
    m = a.shape[1]
    for i in range(1, n - 1):  # expect: CRB521
        for j in range(1, m - 1):  # expect: CRB522
            b[i, j] = 0.5 * a[i, j] + 0.125 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@njit(parallel=True)
def add2d(a, b, c):
    for i in prange(a.shape[0]):  # expect: CRB521
        for j in prange(a.shape[1]):  # expect: CRB522
            c[i, j] = a[i, j] + b[i, j]
