"""Cumulative sums and prefix scans, legacy and tutorial styles.

Inclusive and exclusive scans written as loops, a segmented scan driven by an integer flag array,
a running maximum, a two-pass blocked scan with prange (the textbook parallel scan), and np.cumsum.
"""
import numpy as np
from numba import njit, prange


@njit
def inclusive_scan(a):
    out = np.empty_like(a)
    acc = 0
    for i in range(a.size):
        acc += a[i]
        out[i] = acc
    return out


# caramba: runas exclusive_scan(np.arange(N, dtype=np.int64) % 7)
@njit
def exclusive_scan(a):
    out = np.zeros(a.shape[0], dtype=a.dtype)
    for i in range(1, a.shape[0]):
        out[i] = out[i - 1] + a[i - 1]
    return out


# caramba: runas segmented_sum(np.random.rand(N), (np.arange(N) % 10 == 0).astype(np.int64))
@njit
def segmented_sum(values, flags):
    out = np.empty_like(values)
    running = 0.0
    for i in range(values.shape[0]):
        if flags[i] == 1:
            running = 0.0
        running += values[i]
        out[i] = running
    return out


# caramba: runas running_max(np.random.randn(N))
@njit
def running_max(x):
    m = np.empty_like(x)
    cur = -np.inf
    for i in range(len(x)):
        if x[i] > cur:
            cur = x[i]
        m[i] = cur
    return m


# caramba: runas blocked_scan(np.random.rand(N), 8)
@njit(parallel=True)
def blocked_scan(x, nblocks):
    n = x.shape[0]
    bs = (n + nblocks - 1) // nblocks
    out = np.empty_like(x)
    totals = np.zeros(nblocks)
    for b in prange(nblocks):
        start = b * bs
        stop = min(start + bs, n)
        s = 0.0
        for i in range(start, stop):
            s += x[i]
            out[i] = s
        totals[b] = s
    offset = 0.0
    for b in range(nblocks):
        start = b * bs
        stop = min(start + bs, n)
        for i in range(start, stop):
            out[i] += offset
        offset += totals[b]
    return out


# caramba: runas cumsum_normalised(np.random.rand(N))
@njit
def cumsum_normalised(w):
    c = np.cumsum(w)
    return c / c[-1]


if __name__ == "__main__":
    a = np.arange(10)
    print(inclusive_scan(a), exclusive_scan(a))
    print(blocked_scan(np.ones(20), 3))
