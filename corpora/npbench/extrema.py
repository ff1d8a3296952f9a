"""Extremes of whole array expressions, as NumPy code computes errors and
ranges: a maximum absolute error, the range of a 2-D field, an integer
peak, and a residual that may hold NaNs (np.max propagates them)."""
import numpy as np
import numba as nb


def with_nans(n, rng):
    a = rng.random(n)
    a[n // 3] = np.nan
    return a


# caramba: runas max_abs_error(rng.random(N), rng.random(N))
@nb.njit
def max_abs_error(a, b):
    return np.max(np.abs(a - b))


# caramba: runas field_range(rng.standard_normal((N2, N2 + 1)))
@nb.njit(fastmath=False)
def field_range(u):
    return u.max() - u.min()


# caramba: runas peak_count(rng.integers(-1000, 1000, N))
@nb.njit
def peak_count(counts):
    return np.max(counts) - np.min(counts[1:])


# caramba: runas nan_residual(with_nans(N, rng), rng.random(N))
@nb.njit
def nan_residual(r, w):
    return np.min(r * w), np.amax(r)
