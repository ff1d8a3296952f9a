"""Dense linear algebra by hand, in the style of public Numba code.

Idioms: a triple-loop matmul (serial, independent outer loop), a matvec with `np.dot` of rows in a
prange, a trace, an outer product, a lower-triangular forward substitution (loop-carried).
"""
import numpy as np
from numba import njit, prange

# caramba: sizes N=100,10000


# caramba: runas matmul(np.random.rand(N2, N2), np.random.rand(N2, N2), np.zeros((N2, N2)))
@njit
def matmul(a, b, c):
    n, k = a.shape
    m = b.shape[1]
    for i in range(n):
        for j in range(m):
            s = 0.0
            for p in range(k):
                s += a[i, p] * b[p, j]
            c[i, j] = s


# caramba: runas matvec(np.random.rand(N2, N2), np.random.rand(N2), np.zeros(N2))
@njit(parallel=True)
def matvec(a, x, y):
    for i in prange(a.shape[0]):
        y[i] = np.dot(a[i, :], x)


# caramba: runas trace(np.random.rand(N2, N2))
@njit
def trace(a):
    t = 0.0
    for i in range(min(a.shape[0], a.shape[1])):
        t += a[i, i]
    return t


# caramba: runas outer(np.random.rand(N2), np.random.rand(N2), np.zeros((N2, N2)))
@njit
def outer(u, v, out):
    for i in range(u.shape[0]):
        out[i, :] = u[i] * v


# caramba: runas forward_substitution(np.tril(np.random.rand(N2, N2)) + 2.0 * np.eye(N2), np.random.rand(N2), np.zeros(N2))
@njit
def forward_substitution(l, b, x):
    n = b.shape[0]
    for i in range(n):
        s = b[i]
        for j in range(i):
            s -= l[i, j] * x[j]
        x[i] = s / l[i, i]
