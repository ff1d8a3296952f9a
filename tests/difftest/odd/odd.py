"""Kernels in odd shapes (a wrapper assignment, defaults, *args, a nested kernel, no
parameters, cache=True): difftest must give each a verdict and never crash."""
import numpy as np
import numba
from numba import njit


def _plain(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + 1.0


wrapped = njit(_plain)


@njit
def with_default(a, scale=2.0):
    s = 0.0
    for i in range(len(a)):
        s += a[i] * scale
    return s


@njit
def star_args(*xs):
    return len(xs)


def outer():
    @njit
    def inner(x):
        return x + 1
    return inner(1)


@njit
def no_params():
    return 42


@njit
def returns_none(a):
    a[0] = 1.0


@njit(cache=True)
def cached(a):
    return a.sum()
