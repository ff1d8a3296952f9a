"""Chunked parallel loops with serial glue, the way tutorials and forum answers write them.

A prange over chunks does the heavy part, with per-chunk locals (bounds, a running value, a
clamped bin) that later loops reuse by name; the serial part between or after the pranges
combines the chunks' partial results (scan offsets, partial histograms, per-chunk extrema).
Also a row loop whose temporaries are set in every branch or by a tuple assignment, and a
kernel whose loop really carries a value, which must stay Numba code.
"""
import numpy as np
from numba import njit, prange


# Tutorial-style three-phase scan: local scans in parallel, block offsets serially, then the
# offsets added in parallel.
# caramba: runas three_phase_scan(np.random.rand(N), 4)
@njit(parallel=True)
def three_phase_scan(x, nchunks):
    n = len(x)
    size = (n + nchunks - 1) // nchunks
    out = np.empty(n)
    sums = np.zeros(nchunks)
    for c in prange(nchunks):
        lo = c * size
        hi = min(lo + size, n)
        acc = 0.0
        for i in range(lo, hi):
            acc += x[i]
            out[i] = acc
        sums[c] = acc
    offsets = np.zeros(nchunks)
    for c in range(1, nchunks):
        offsets[c] = offsets[c - 1] + sums[c - 1]
    for c in prange(nchunks):
        lo = c * size
        hi = min(lo + size, n)
        for i in range(lo, hi):
            out[i] += offsets[c]
    return out


# Forum-style: one private histogram row per thread chunk, merged after the prange. The bin
# is clamped in a branch.
# caramba: runas chunked_histogram(rng.random(N), 20, 4)
@njit(parallel=True)
def chunked_histogram(values, nbins, nthreads):
    n = values.shape[0]
    partial = np.zeros((nthreads, nbins), dtype=np.int64)
    per = n // nthreads + 1
    for t in prange(nthreads):
        for i in range(t * per, min(n, (t + 1) * per)):
            k = int(values[i] * nbins)
            if k < 0:
                k = 0
            elif k >= nbins:
                k = nbins - 1
            partial[t, k] += 1
    counts = np.zeros(nbins, dtype=np.int64)
    for t in range(nthreads):
        for k in range(nbins):
            counts[k] += partial[t, k]
    return counts


# Legacy-style: the extrema of each chunk in parallel, then the overall range serially.
# caramba: runas chunk_range(np.random.randn(N), 8)
@njit(parallel=True)
def chunk_range(a, nchunks):
    n = a.shape[0]
    step = (n + nchunks - 1) // nchunks
    mins = np.empty(nchunks)
    maxs = np.empty(nchunks)
    for c in prange(nchunks):
        first = c * step
        last = min(first + step, n)
        lo, hi = a[first], a[first]
        for i in range(first + 1, last):
            v = a[i]
            if v < lo:
                lo = v
            if v > hi:
                hi = v
        mins[c] = lo
        maxs[c] = hi
    lo = mins[0]
    hi = maxs[0]
    for c in range(1, nchunks):
        lo = min(lo, mins[c])
        hi = max(hi, maxs[c])
    return hi - lo


# Notebook-style: a soft threshold per element, the temporary set in every branch.
# caramba: runas soft_threshold(np.random.randn(N), 0.5)
@njit(parallel=True)
def soft_threshold(x, lam):
    out = np.empty_like(x)
    for i in prange(x.shape[0]):
        if x[i] > lam:
            y = x[i] - lam
        elif x[i] < -lam:
            y = x[i] + lam
        else:
            y = 0.0
        out[i] = y
    return out


# Tuple assignment and an update after the assignment, in a row loop.
# caramba: runas polar_rows(np.random.rand(N2, 2))
@njit(parallel=True)
def polar_rows(xy):
    n = xy.shape[0]
    res = np.empty((n, 2))
    for i in prange(n):
        x, y = xy[i, 0], xy[i, 1]
        r = x * x
        r += y * y
        res[i, 0] = np.sqrt(r)
        res[i, 1] = np.arctan2(y, x)
    return res


# A value really carried from one iteration to the next (the previous element): a prange
# would race on it, so it stays Numba code (CRB404).
# caramba: runas carried_difference(np.random.rand(N))
@njit(parallel=True)
def carried_difference(x):
    out = np.empty_like(x)
    prev = 0.0
    for i in prange(x.shape[0]):
        out[i] = x[i] - prev
        prev = x[i]
    return out


if __name__ == "__main__":
    a = np.random.rand(103)
    print(np.allclose(three_phase_scan(a, 4), np.cumsum(a)))
    print(chunked_histogram(a, 5, 3).sum())
    print(chunk_range(a, 3), soft_threshold(a, 0.5)[:3], polar_rows(np.random.rand(4, 2)))
