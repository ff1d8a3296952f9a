# Calls that cannot become @pk.function calls: the calling kernel stays Numba
# code with a code at the call; a helper that a Numba kernel still calls
# stays Numba code too (CRB132).
import numpy as np
from numba import njit, stencil


@njit
def allocates(x):  # expect: CRB132
    t = np.zeros(3)
    t[0] = x
    return t[0]


@njit
def ping(n):
    if n <= 0:
        return 0.0
    return pong(n - 1)  # expect: CRB116


@njit
def pong(n):
    return ping(n - 1) + 1.0  # expect: CRB116


@njit
def first(v):  # expect: CRB140
    return v[0]


@njit
def maybe(x):  # expect: CRB140
    if x > 0:
        return x


@stencil  # expect: CRB103
def avg3(a):
    return (a[-1] + a[0] + a[1]) / 3.0


@njit
def uses_allocating_helper(a):
    for i in range(a.shape[0]):
        a[i] = allocates(a[i])  # expect: CRB119


@njit
def uses_recursion(a, n):
    for i in range(a.shape[0]):
        a[i] = ping(n)  # expect: CRB116


@njit
def uses_keywords(a):
    for i in range(a.shape[0]):
        a[i] = first(v=a)  # expect: CRB130


@njit
def uses_wrong_rank(a):
    for i in range(a.shape[0]):
        a[i] = first(i)  # expect: CRB131


@njit
def uses_optional(a):
    for i in range(a.shape[0]):
        a[i] = maybe(a[i])  # expect: CRB119


@njit
def uses_stencil(a):  # expect: CRB140
    return avg3(a)  # expect: CRB119
