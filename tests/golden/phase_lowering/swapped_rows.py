import numpy as np
from numba import njit


# Edit distance with two rows swapped after each row: the row loop stays on
# the host, which swaps the references, and the inner loop is a serial phase.
@njit("int64(uint8[:], uint8[:])")
def levenshtein(a, b):  # expect: CRB523
    n, m = a.size, b.size
    prev = np.arange(m + 1)
    cur = np.zeros(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        cur[0] = i
        for j in range(1, m + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev, cur = cur, prev
    return prev[m]
