"""Integer arithmetic whose Python semantics differ from C's: floor division and modulo of negatives,
int32 and uint8 wrap-around, shifts, power with integer exponents, abs, and mixed int/float division.

Each kernel is ordinary code (index wrapping, checksum loops, bucket computation) that happens to hit
one of these rules with negative or large inputs.
"""
import numpy as np
from numba import njit, prange


# caramba: runas wrap_indices(rng.integers(-1000, 1000, N), 37)
@njit
def wrap_indices(idx, n):
    out = np.empty_like(idx)
    for i in range(idx.shape[0]):
        out[i] = idx[i] % n
    return out


# caramba: runas floor_buckets(rng.integers(-1000, 1000, N), 7)
@njit(parallel=True)
def floor_buckets(x, width):
    out = np.empty(x.shape[0], dtype=np.int64)
    for i in prange(x.shape[0]):
        out[i] = x[i] // width
    return out


# caramba: runas float_floor_mod(rng.standard_normal(N) * 10.0, 3.0)
@njit
def float_floor_mod(x, m):
    q = np.empty_like(x)
    r = np.empty_like(x)
    for i in range(len(x)):
        q[i] = x[i] // m
        r[i] = x[i] % m
    return q, r


# caramba: runas int32_accumulate(rng.integers(0, 2**31 - 1, N).astype(np.int32))
@njit
def int32_accumulate(a):
    # the element product wraps in int32 arithmetic? (Numba widens to int64 here)
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * 3
    return s


# caramba: runas int32_inplace(rng.integers(2**30, 2**31 - 1, N).astype(np.int32))
@njit
def int32_inplace(a):
    for i in range(a.shape[0]):
        a[i] = a[i] + a[i]
    return a


# caramba: runas uint8_checksum(rng.integers(0, 256, N).astype(np.uint8))
@njit
def uint8_checksum(buf):
    c = np.uint8(0)
    for b in buf:
        c = np.uint8(c + b)
    return c


# caramba: runas negative_shift_mix(rng.integers(-2**40, 2**40, N))
@njit
def negative_shift_mix(x):
    out = np.empty_like(x)
    for i in range(x.size):
        v = x[i]
        out[i] = (v >> 3) ^ (v << 2) & 0xFFFF
    return out


# caramba: runas int_powers(rng.integers(-20, 20, N), 3)
@njit
def int_powers(x, k):
    out = np.empty(x.shape[0], dtype=np.int64)
    for i in range(x.shape[0]):
        out[i] = x[i] ** k + abs(x[i]) ** 2
    return out


# caramba: runas true_division(rng.integers(-100, 100, N), 8)
@njit
def true_division(x, d):
    out = np.empty(len(x))
    for i in range(len(x)):
        out[i] = x[i] / d + (x[i] // d) * 0.5 - (-x[i]) % d
    return out


# caramba: runas negative_modulo_divisor(rng.integers(-50, 50, N), -7)
@njit
def negative_modulo_divisor(x, m):
    out = np.zeros((x.shape[0], 2), dtype=np.int64)
    for i in range(x.shape[0]):
        out[i, 0] = x[i] % m
        out[i, 1] = x[i] // m
    return out


if __name__ == "__main__":
    x = np.arange(-10, 10)
    print(wrap_indices(x, 7), floor_buckets(x, 3), float_floor_mod(np.array([-7.5, 7.5]), 3.0))
    print(int32_accumulate(np.array([2**31 - 1, 5], dtype=np.int32)), int32_inplace(np.array([2**30 + 5], dtype=np.int32)))
    print(uint8_checksum(np.array([200, 100], dtype=np.uint8)), negative_shift_mix(np.array([-12345, 12345])))
    print(int_powers(x, 3)[:3], true_division(x, 8)[:3], negative_modulo_divisor(x, -7)[:3])
