import numpy as np
from numba import njit


# Edit distance with two rows swapped after each row: the row loop stays on
# the host, which swaps the references, and the inner loop is a serial phase.
@njit("void(uint8[:], uint8[:], int64, int64, int64[::1], int64[::1])")
def _pk_levenshtein_phase1(a, b, m, i, cur, prev):
    for j in range(1, m + 1):
        cost = 0 if a[i - 1] == b[j - 1] else 1
        cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)


def levenshtein(a, b):  # expect: CRB523
    n, m = a.size, b.size
    prev = np.arange(m + 1)
    cur = np.zeros(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        cur[0] = i
        _pk_levenshtein_phase1(a, b, m, i, cur, prev)
        prev, cur = cur, prev
    return prev[m]
