# --nested-parallel=flatten: two rectangular independent loops become one
# parallel range; tid // count and tid % count give the indices.
# caramba-options: --nested-parallel=flatten
import numpy as np
from numba import njit, prange


@njit
def star(a, b):
    n = a.shape[0]
    m = a.shape[1]
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            b[i, j] = 0.5 * a[i, j] + 0.125 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@njit(parallel=True)
def add2d(a, b, c):
    for i in prange(a.shape[0]):
        for j in prange(a.shape[1]):
            c[i, j] = a[i, j] + b[i, j]


@njit
def sum2d(a):
    s = 0.0
    for i in range(a.shape[0]):  # expect: CRB520
        for j in range(a.shape[1]):
            s += a[i, j]
    return s
