"""Integer // and % by zero: Numba raises ZeroDivisionError in serial code,
and gives 0 in a prange loop of a parallel=True kernel or under
error_model="numpy".

Legacy-style code that trusts its inputs: a per-group average over counts
that may hold an empty group, digits in a base read from a file, a bucket
width that a caller may pass as 0.
"""
import numpy as np
from numba import njit, prange


def counts_with_empty_group(n):
    c = np.arange(1, n + 1, dtype=np.int64)
    c[n // 2] = 0
    return c


# An empty group: ZeroDivisionError("integer division by zero").
# caramba: runas group_means(np.arange(N, dtype=np.int64) * 7, counts_with_empty_group(N), np.zeros(N, dtype=np.int64))
# caramba: runas group_means(np.arange(N, dtype=np.int64) * 7, np.arange(1, N + 1, dtype=np.int64), np.zeros(N, dtype=np.int64))
@njit
def group_means(totals, counts, means):
    for g in range(totals.shape[0]):
        means[g] = totals[g] // counts[g]


# Base 0: the first `%` raises ("integer modulo by zero"); base 1 never ends
# in Python, so the inputs avoid it.
# caramba: runas digit_sums(np.arange(N, dtype=np.int64), 10)
# caramba: runas digit_sums(np.arange(N, dtype=np.int64), 0)
@njit
def digit_sums(values, base):
    total = 0
    for i in range(values.shape[0]):
        x = values[i]
        while x > 0:
            total += x % base
            x = x // base
    return total


# A divisor that is a nonzero literal needs no check.
# caramba: runas pairs_and_rest(np.arange(N, dtype=np.int64) - 50, np.zeros(N, dtype=np.int64))
@njit
def pairs_and_rest(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i] // 2 + a[i] % -3


# Serial, with a reduction over the remainders (augmented //= and %=).
# caramba: runas wrap_offsets(np.arange(N, dtype=np.int64) + 3, np.arange(N, dtype=np.int64) % 5)
# caramba: runas wrap_offsets(np.arange(N, dtype=np.int64) + 3, np.arange(N, dtype=np.int64) % 5 + 1)
@njit
def wrap_offsets(offsets, widths):
    s = 0
    for i in range(offsets.shape[0]):
        o = offsets[i]
        o %= widths[i]
        o //= widths[i]
        s += o
    return s


# prange in a parallel=True kernel: Numba gives 0 for a zero width.
# caramba: runas bucket_ids(np.arange(N, dtype=np.int64), 0, np.zeros(N, dtype=np.int64))
# caramba: runas bucket_ids(np.arange(N, dtype=np.int64), 7, np.zeros(N, dtype=np.int64))
@njit(parallel=True)
def bucket_ids(a, width, out):
    for i in prange(a.shape[0]):
        out[i] = a[i] // width + a[i] % width


# NumPy's error model: 0, no exception.
# caramba: runas ratios_numpy_model(np.arange(N, dtype=np.int64), np.arange(N, dtype=np.int64) % 3, np.zeros(N, dtype=np.int64))
@njit(error_model="numpy")
def ratios_numpy_model(a, b, out):
    for i in range(a.shape[0]):
        out[i] = a[i] // b[i] - a[i] % b[i]


# A jitted helper raises under its own error model, whatever kernel calls it.
def bin_average(total, count):
    return total // count


bin_average = njit(bin_average)


# caramba: runas per_bin_average(np.arange(N, dtype=np.int64) * 3, counts_with_empty_group(N), np.zeros(N, dtype=np.int64))
# caramba: runas per_bin_average(np.arange(N, dtype=np.int64) * 3, np.arange(1, N + 1, dtype=np.int64), np.zeros(N, dtype=np.int64))
@njit
def per_bin_average(totals, counts, out):
    for b in range(totals.shape[0]):
        out[b] = bin_average(totals[b], counts[b])


# Two levels of helpers: a periodic grid index (tutorial-style), the period
# from the caller; a zero period is "integer modulo by zero".
@njit
def wrap(i, n):
    return i % n


# caramba: runas cell(7, -3, 4)
# caramba: runas cell(7, -3, 0)
@njit
def cell(i, j, n):
    return wrap(i, n) * n + wrap(j, n)


# caramba: runas periodic_cells(np.arange(N, dtype=np.int64) - 5, 4, np.zeros(N, dtype=np.int64))
# caramba: runas periodic_cells(np.arange(N, dtype=np.int64) - 5, 0, np.zeros(N, dtype=np.int64))
@njit
def periodic_cells(idx, n, out):
    for k in range(idx.shape[0]):
        out[k] = cell(idx[k], idx[k] + 1, n)


# A kernel under NumPy's error model calling a helper under Python's: the
# helper still raises.
# caramba: runas offsets_numpy_model(np.arange(N, dtype=np.int64), np.arange(N, dtype=np.int64) % 3, np.zeros(N, dtype=np.int64))
@njit(error_model="numpy")
def offsets_numpy_model(a, b, out):
    for i in range(a.shape[0]):
        out[i] = bin_average(a[i], b[i]) + a[i] // b[i]


# A helper under NumPy's error model gives 0.
@njit(error_model="numpy")
def quiet_ratio(a, b):
    return a // b


# caramba: runas quiet_ratios(np.arange(N, dtype=np.int64), np.arange(N, dtype=np.int64) % 4, np.zeros(N, dtype=np.int64))
@njit
def quiet_ratios(a, b, out):
    for i in range(a.shape[0]):
        out[i] = quiet_ratio(a[i], b[i])
