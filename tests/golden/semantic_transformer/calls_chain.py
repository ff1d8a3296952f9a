# Kernel-to-kernel calls: every helper a kernel reaches (here a chain of
# depth 3) becomes a top-level @pk.function with annotated parameters and
# return type; helpers keep their own drop-in callers for Python code.
import math

from numba import njit, prange


@njit
def clamp01(x):
    if x < 0:
        return 0.0
    if x > 1:
        return 1.0
    return x


@njit
def soft(x, k):
    return clamp01(0.5 + x / (2.0 * k))


@njit
def score(x, y, k):
    return soft(x - y, k) * soft(y - x, k) + math.sqrt(x * x + y * y)


@njit(parallel=True)
def chain_kernel(a, b, out, k):
    for i in prange(a.shape[0]):
        out[i] = score(a[i], b[i], k)
