"""Kernels whose inputs cannot be generated and that have no marker."""
from numba import njit


@njit
def apply(f, a):
    return f(a[0])


@njit
def mass_of(p):
    return p.mass
