# One helper called with an int64 and with a float64: one @pk.function per
# argument types (Numba compiles one specialisation per call signature), so
# integer semantics (`//`) stay integer. A helper that returns nothing
# becomes a `-> None` function.
from numba import njit


@njit
def twice(x):
    return x + x


@njit
def store(v, k, value):
    v[k] = value


@njit("void(int64[:], float64[:], float64[:])")
def mixed_types(ints, floats, out):
    for i in range(ints.shape[0]):
        store(out, i, twice(ints[i]) // 3 + twice(floats[i]))
