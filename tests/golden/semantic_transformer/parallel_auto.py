# --parallelize=auto (default): serial loops proven independent become
# parallel_for / parallel_reduce; written parameters that may overlap another
# array parameter make the caller fall back to the Serial space.
import numpy as np
from numba import njit


@njit
def scale(a, out, s):
    for i in range(a.shape[0]):
        out[i] = a[i] * s + 1.0


@njit
def total(a):
    t = 0.0
    for i in range(a.shape[0]):  # expect: CRB520
        t += a[i]
    return t


@njit("int64(int64[:])")
def int_total(a):
    t = 0
    for i in range(len(a)):
        t += a[i]
    return t


@njit
def squares(n):
    out = np.empty(n)
    for i in range(n):
        out[i] = i * i
    return out


@njit
def star(a, b):
    n = a.shape[0]
    m = a.shape[1]
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            b[i, j] = 0.5 * a[i, j] + 0.125 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


@njit
def in_place(a):
    for i in range(a.shape[0]):
        if a[i] < 0.0:
            continue
        a[i] = a[i] * 2.0
