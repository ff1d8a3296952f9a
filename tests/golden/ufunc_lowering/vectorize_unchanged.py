# Ufuncs that stay as they are: a lazy one (no signatures: its types are
# unknown), one whose signature is not of scalars, and one with another
# decorator. The UnsupportedDetector reports them (CRB101).
import functools

from numba import vectorize


@vectorize
def clipped_relu(x, cap):
    if x < 0:
        return 0.0
    return min(x, cap)


@vectorize(["complex128(complex128)"])
def conj2(z):
    return z.conjugate() * 2


@functools.lru_cache
@vectorize(["float64(float64)"])
def cached(x):
    return x * 2.0
