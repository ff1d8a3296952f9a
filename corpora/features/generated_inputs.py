"""Kernels without run markers: difftest generates their inputs from the analyses
(array ranks from indexing, integer bounds from range(), index arrays from
elements used as indices)."""
import numpy as np
from numba import njit


@njit
def saxpy(a, x, y, n):
    for i in range(n):
        y[i] = a * x[i] + y[i]


@njit
def matvec(A, x, y):
    for i in range(A.shape[0]):
        s = 0.0
        for j in range(A.shape[1]):
            s += A[i, j] * x[j]
        y[i] = s


@njit
def gather(values, idx, out):
    for i in range(idx.shape[0]):
        out[i] = values[idx[i]]


@njit
def repeat_scale(a, steps):
    for it in range(steps):
        for i in range(a.shape[0]):
            a[i] = 0.5 * a[i] + 1.0
