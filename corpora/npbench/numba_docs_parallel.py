"""Examples in the style of Numba's "Automatic parallelization with @jit"
documentation page: a prange reduction, an array-expression chain, logistic
regression by gradient descent, and a 1-D prange with a conditional update."""
import numpy as np
from numba import njit, prange


# caramba: runas prange_test(rng.random(N))
@njit(parallel=True)
def prange_test(A):
    s = 0
    # Without "parallel=True" in the jit-decorator
    # the prange statement is equivalent to range
    for i in prange(A.shape[0]):
        s += A[i]
    return s


# caramba: runas ident_parallel(rng.random((N2, N2)))
@njit(parallel=True)
def ident_parallel(x):
    return np.cos(x) ** 2 + np.sin(x) ** 2


# caramba: runas array_expr_chain(N)
@njit(parallel=True)
def array_expr_chain(n):
    a = np.ones(n)
    b = np.arange(n) / n
    c = a + 2 * b
    return np.sum(np.sqrt(c) * b)


# caramba: sizes N=100,40000
# caramba: runas logistic_regression(np.where(rng.random(N2 * 2) > 0.5, 1.0, -1.0), rng.standard_normal((N2 * 2, 8)), np.zeros(8), 5)
@njit(parallel=True)
def logistic_regression(Y, X, w, iterations):
    for i in range(iterations):
        w -= np.dot(((1.0 / (1.0 + np.exp(-Y * np.dot(X, w))) - 1.0) * Y), X)
    return w


# caramba: runas clip_negative(rng.standard_normal(N))
@njit(parallel=True)
def clip_negative(a):
    n = a.shape[0]
    for i in prange(n):
        if a[i] < 0:
            a[i] = 0.0
    return a


# caramba: runas two_d_reduction(rng.random((N2, N2 + 3)))
@njit(parallel=True)
def two_d_reduction(a):
    total = 0.0
    m = -np.inf
    for i in prange(a.shape[0]):
        for j in range(a.shape[1]):
            total += a[i, j]
        m = max(m, a[i].max())
    return total, m
