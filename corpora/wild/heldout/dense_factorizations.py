"""Dense LU and Cholesky factorizations with substitutions, as in numerical-linear-algebra courses.

Doolittle LU in place (no pivoting, on diagonally dominant matrices), forward and back
substitution with a reversed range, Cholesky returning a new lower triangle, and a determinant
from the LU diagonal.
"""
import math

import numpy as np
from numba import njit

# caramba: sizes N=8,60


def spd(n):
    A = np.random.rand(n, n)
    return A @ A.T + n * np.eye(n)


# caramba: runas lu_inplace(spd(N))
@njit
def lu_inplace(A):
    n = A.shape[0]
    for k in range(n - 1):
        for i in range(k + 1, n):
            A[i, k] = A[i, k] / A[k, k]
            for j in range(k + 1, n):
                A[i, j] -= A[i, k] * A[k, j]
    return A


# caramba: runas forward_sub(np.tril(spd(N)), np.random.rand(N))
@njit
def forward_sub(L, b):
    n = b.shape[0]
    y = np.zeros(n)
    for i in range(n):
        s = b[i]
        for j in range(i):
            s -= L[i, j] * y[j]
        y[i] = s / L[i, i]
    return y


# caramba: runas back_sub(np.triu(spd(N)), np.random.rand(N))
@njit
def back_sub(U, y):
    n = y.shape[0]
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        s = y[i]
        for j in range(i + 1, n):
            s -= U[i, j] * x[j]
        x[i] = s / U[i, i]
    return x


# caramba: runas cholesky(spd(N))
@njit
def cholesky(A):
    n = A.shape[0]
    L = np.zeros_like(A)
    for j in range(n):
        s = A[j, j]
        for k in range(j):
            s -= L[j, k] * L[j, k]
        if s <= 0.0:
            return L
        L[j, j] = math.sqrt(s)
        for i in range(j + 1, n):
            t = A[i, j]
            for k in range(j):
                t -= L[i, k] * L[j, k]
            L[i, j] = t / L[j, j]
    return L


# caramba: runas log_det(spd(N))
@njit
def log_det(A):
    M = A.copy()
    n = M.shape[0]
    for k in range(n - 1):
        for i in range(k + 1, n):
            f = M[i, k] / M[k, k]
            for j in range(k, n):
                M[i, j] -= f * M[k, j]
    acc = 0.0
    for i in range(n):
        acc += np.log(abs(M[i, i]))
    return acc


if __name__ == "__main__":
    A = spd(5)
    print(cholesky(A))
