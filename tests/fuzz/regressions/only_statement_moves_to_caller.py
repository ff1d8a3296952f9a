import numpy as np
from numba import njit


@njit("float64[:](int64)")
def make(n):
    a = np.zeros(n)
    return a


@njit("float64[:](int64)")
def make_doc(n):
    """Only an allocation."""
    a = np.empty(n)
    return a


@njit("int64(int64)")
def shape_only(n):
    m = n
    return m
@njit("float64[:](int64)")
def make_expr(n):
    return np.zeros(n)


@njit("void(float64[:])")
def nothing(a):
    pass


@njit("float64[:](float64[:])")
def ident(a):
    return a


@njit("int64(int64)")
def const(n):
    return 3
