"""float32 and int32 data mixed with Python numbers, as NPBench's float32
benchmarks and image code write it: reductions, np.where with a number on one
side, in-place updates, true and floor division. Numba picks each result's
dtype by its ufunc loop selection (a number of a lower kind than the array
takes the array's dtype); the translation must give the same dtypes."""
import numpy as np
from numba import njit


def f32(N, seed=1):
    return np.random.default_rng(seed).standard_normal(N).astype(np.float32)


def i32(N, seed=2):
    return np.random.default_rng(seed).integers(-50, 50, size=N).astype(np.int32)


# caramba: sizes N=64,4096
# caramba: runas sum_scaled(f32(N))
@njit
def sum_scaled(x):
    s = np.sum(x)
    return x * s


# caramba: runas mean_centred(f32(N))
@njit
def mean_centred(x):
    return x - np.mean(x)


# caramba: runas max_shift(i32(N))
@njit
def max_shift(x):
    return x - np.max(x)


# caramba: runas where_zero(f32(N))
@njit
def where_zero(x):
    return np.where(x > 0, x, 0)


# caramba: runas where_half(f32(N))
@njit
def where_half(x):
    return np.where(x > 0, x, 0.5)


# caramba: runas where_int(i32(N))
@njit
def where_int(x):
    return np.where(x > 0, x, 0)


# caramba: runas halve32(f32(N))
@njit
def halve32(x):
    return x / 2


# caramba: runas halve_int(i32(N))
@njit
def halve_int(x):
    return x / 2


# caramba: runas floor_int(i32(N))
@njit
def floor_int(x):
    return x // 3


# caramba: runas scale_inplace(f32(N))
@njit
def scale_inplace(x):
    y = x.copy()
    y *= 1.5
    y += 1
    return y


# caramba: runas dot_self(f32(N))
@njit
def dot_self(x):
    return np.dot(x, x) * x
