"""Histograms: fixed-width binning, a cumulative distribution, the mode bin."""
import numpy as np
from numba import njit


@njit
def histogram(data, lo, hi, nbins):
    counts = np.zeros(nbins, dtype=np.int64)
    width = (hi - lo) / nbins
    for i in range(data.shape[0]):
        x = data[i]
        if lo <= x < hi:
            b = int((x - lo) / width)
            if b >= nbins:
                b = nbins - 1
            counts[b] += 1
    return counts


@njit
def cumulative(counts):
    out = np.empty(counts.shape[0])
    total = 0
    for i in range(counts.shape[0]):
        total += counts[i]
    run = 0
    for i in range(counts.shape[0]):
        run += counts[i]
        out[i] = run / total
    return out


@njit
def mode_bin(counts):
    best = 0
    for i in range(1, counts.shape[0]):
        if counts[i] > counts[best]:
            best = i
    return best


# caramba: runas histogram(np.random.randn(N), -3.0, 3.0, 32)
# caramba: runas cumulative(np.random.randint(0, 100, 64))
# caramba: runas mode_bin(np.random.randint(0, 1000, N))
