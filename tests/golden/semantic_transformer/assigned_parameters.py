# A serial kernel that assigns its scalar parameters (corpora/wild/heldout:
# root_finding.py bisect_cubic, integer_algorithms.py gcd and powmod) runs as
# one workunit that starts from a local copy of each; its caller passes the
# value under the workunit's name. Helpers keep their by-value parameters,
# tuple assignments included. A prange kernel that assigns a parameter stays
# Numba code: each iteration would start again from the parameter.
import numpy as np
from numba import njit, prange


@njit("float64(float64, float64)")
def bisect(a, b):  # halves [a, b] until it brackets sqrt(2)
    while b - a > 1e-12:
        m = 0.5 * (a + b)
        if m * m - 2.0 > 0.0:
            b = m
        else:
            a = m
    return 0.5 * (a + b)


@njit("int64(int64, int64)")
def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


@njit("void(int64[:], int64[:], int64[:])")
def pair_gcds(x, y, out):
    for i in range(x.shape[0]):
        out[i] = gcd(x[i], y[i])


@njit("int64(int64, int64, int64)")
def powmod(base, exp, mod):
    result = 1
    base = base % mod
    while exp > 0:
        if exp & 1:
            result = (result * base) % mod
        exp >>= 1
        base = (base * base) % mod
    return result


@njit("float64(float64[:], float64)", parallel=True)
def shifted_sum(x, c):  # expect: CRB129
    s = 0.0
    for i in prange(x.shape[0]):
        c = c + 1.0
        s += x[i] + c
    return s


@njit("float64(int64)")
def halves(n):  # expect: CRB129
    n = n / 2
    return n
