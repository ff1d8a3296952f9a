# --nested-parallel=flatten: a rectangular inner loop whose iterations are
# independent too joins the parallel range; others stay serial inside it.
# caramba-options: --explain-parallel --nested-parallel=flatten
import numpy as np
from numba import njit, prange


@njit
def star(a, b):
    n = a.shape[0]
    m = a.shape[1]
    for i in range(1, n - 1):  # expect: CRB521
        for j in range(1, m - 1):  # expect: CRB521
            b[i, j] = 0.5 * a[i, j] + 0.125 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@njit(parallel=True)
def add2d(a, b, c):
    for i in prange(a.shape[0]):  # expect: CRB521
        for j in prange(a.shape[1]):  # expect: CRB521
            c[i, j] = a[i, j] + b[i, j]


@njit(parallel=True)
def row_scan(a):
    for i in prange(a.shape[0]):  # expect: CRB521
        for j in range(1, a.shape[1]):  # expect: CRB522
            a[i, j] = a[i, j - 1] + a[i, j]


@njit
def triangle(a, out):
    for i in range(a.shape[0]):  # expect: CRB521
        for j in range(i):  # expect: CRB522
            out[i, j] = a[i, j]
