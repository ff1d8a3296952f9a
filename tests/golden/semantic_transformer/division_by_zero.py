import numpy as np
from numba import njit, prange


# A count of zero raises ZeroDivisionError in Numba: the flag and the caller's check.
@njit("void(int64[:], int64[:], int64[:])")
def group_means(totals, counts, means):
    for g in range(totals.shape[0]):
        means[g] = totals[g] // counts[g]


# Both messages; the serial scalar kernel's value waits for the check.
@njit("int64(int64, int64)")
def python_divmod(a, b):
    return a // b * 100 + a % b


# A literal divisor and the bound of the enclosing range: no flag.
@njit("void(int64[:], int64[:])")
def rule90(cells, out):
    n = cells.shape[0]
    for i in range(n):
        out[i] = cells[(i - 1) % n] ^ cells[(i + 1) % n] + cells[i] // 2


# prange of a parallel=True kernel and error_model="numpy": Numba gives 0.
@njit("void(int64[:], int64, int64[:])", parallel=True)
def bucket_ids(a, width, out):
    for i in prange(a.shape[0]):
        out[i] = a[i] // width + a[i] % width


@njit("void(int64[:], int64[:], int64[:])", error_model="numpy")
def ratios(a, b, out):
    for i in range(a.shape[0]):
        out[i] = a[i] // b[i]


# uint64 above 2**63, augmented forms.
@njit("void(uint64[:], uint64)")
def reduce_keys(keys, m):
    for i in range(keys.shape[0]):
        keys[i] //= m
        keys[i] %= m
