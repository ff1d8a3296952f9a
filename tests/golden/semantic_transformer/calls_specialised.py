# One helper called with an int64 and with a float64: one @pk.function per
# argument types (Numba compiles one specialisation per call signature), so
# integer semantics (`//`) stay integer. A helper that returns nothing
# becomes a `-> None` function. A function may assign its scalar parameters
# when the values keep their type (clamp); halve(i) would make n a float.
from numba import njit, prange


@njit
def twice(x):  # expect: CRB140
    return x + x


@njit
def store(v, k, value):
    v[k] = value


@njit("void(int64[:], float64[:], float64[:])")
def mixed_types(ints, floats, out):
    for i in range(ints.shape[0]):
        store(out, i, twice(ints[i]) // 3 + twice(floats[i]))


@njit
def clamp(x, lo, hi):  # expect: CRB140
    if x < lo:
        x = lo
    if x > hi:
        x = hi
    return x


@njit
def halve(n):  # expect: CRB129, CRB140
    n = n / 2
    return n


@njit(parallel=True)
def clamped(a, out, lo, hi):
    for i in prange(a.shape[0]):
        out[i] = clamp(a[i], lo, hi)


@njit
def halved(a):
    for i in range(a.shape[0]):
        a[i] = halve(i)  # expect: CRB119
