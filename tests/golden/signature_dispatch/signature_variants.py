import numpy as np
from numba import njit


# A vector and a matrix (one kernel for both, as scripts write it): one
# translation per rank, and `clip_negative` calls the one the argument selects.
@njit(["float64[:](float64[:])", "float64[:, :](float64[:, :])"])
def clip_negative(x):  # expect: CRB144
    return np.maximum(x, 0.0)


# An int and a float: kernels calling it get one @pk.function per signature,
# Python calls get the translation of the argument's type.
@njit(["int64(int64)", "float64(float64)"])
def cube(v):  # expect: CRB144
    return v * v * v


@njit("void(int64[:], float64[:], float64[:])")
def cubes(ints, floats, out):
    for i in range(ints.shape[0]):
        out[i] = cube(ints[i]) + cube(floats[i])


# Called from a kernel that stays Numba code (it prints): kept whole, and
# CRB141 says why.
@njit(["float64(float64[:])", "float64(float64[:, :])"])
def total(a):  # expect: CRB141
    return np.sum(a)


@njit("void(float64[:])")
def report(a):
    print(total(a))  # expect: CRB111
