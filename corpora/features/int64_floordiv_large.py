"""Integer // and % on int64 data above 2**53, with negative operands.

Hash-style arithmetic (bucketing 64-bit keys, splitting them into digits)
needs the exact quotient and Python's remainder: a double quotient is off by
up to a few hundred above 2**53.
"""
import numpy as np
from numba import njit


# caramba: runas bucket_keys(np.random.randint(-2**62, 2**62, N, dtype=np.int64), np.zeros(N, dtype=np.int64), np.zeros(N, dtype=np.int64), 1000003)
# caramba: runas bucket_keys(np.random.randint(-2**62, 2**62, N, dtype=np.int64), np.zeros(N, dtype=np.int64), np.zeros(N, dtype=np.int64), -7)
@njit
def bucket_keys(keys, buckets, rest, m):
    for i in range(keys.shape[0]):
        buckets[i] = keys[i] // m
        rest[i] = keys[i] % m


# caramba: runas split_digits(np.random.randint(2**60, 2**63 - 1, N, dtype=np.int64), np.random.randint(-2**40, 2**40, N, dtype=np.int64) | 1)
@njit
def split_digits(a, b):
    s = 0
    for i in range(a.shape[0]):
        x = a[i]
        x //= b[i]
        s += x % 1000 + (a[i] - 3) // 10
    return s


# Every pair of edge values: -2**63 // -1 (Numba gives 0), divisors of either
# sign and above 2**53.
# caramba: runas quotient_table(np.array([-2**63, -2**63 + 1, -2**53 - 1, -7, -1, 1, 7, 2**53 + 1, 2**62, 2**63 - 1], dtype=np.int64), np.zeros((10, 10), dtype=np.int64), np.zeros((10, 10), dtype=np.int64))
@njit
def quotient_table(vals, q, r):
    n = vals.shape[0]
    for i in range(n):
        for j in range(n):
            q[i, j] = vals[i] // vals[j]
            r[i, j] = vals[i] % vals[j]


# caramba: runas strip_factor(np.random.randint(1, 2**58, N, dtype=np.int64) * 12, 2)
# caramba: runas strip_factor(np.random.randint(-2**62, 2**62, N, dtype=np.int64), -3)
@njit
def strip_factor(a, p):
    total = 0
    for i in range(a.shape[0]):
        x = a[i]
        while x != 0 and x % p == 0:
            x //= p
        total += x % 1000
    return total
