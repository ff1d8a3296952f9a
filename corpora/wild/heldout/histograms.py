"""Histograms, as in data-analysis notebooks that beat np.histogram with Numba.

Fixed-width bins computed from the range, a 2-D histogram, a weighted histogram, a parallel
histogram with one private row per chunk merged afterwards, and a bincount of integer labels.
"""
import numpy as np
from numba import njit, prange


# caramba: runas hist1d(np.random.rand(N), 16, 0.0, 1.0)
@njit
def hist1d(x, nbins, lo, hi):
    counts = np.zeros(nbins, dtype=np.int64)
    width = (hi - lo) / nbins
    for i in range(x.shape[0]):
        v = x[i]
        if v < lo or v > hi:
            continue
        b = int((v - lo) / width)
        if b == nbins:
            b = nbins - 1
        counts[b] += 1
    return counts


# caramba: runas hist2d(np.random.rand(N), np.random.rand(N), 8)
@njit
def hist2d(x, y, nb):
    H = np.zeros((nb, nb))
    for i in range(len(x)):
        bx = min(int(x[i] * nb), nb - 1)
        by = min(int(y[i] * nb), nb - 1)
        H[bx, by] += 1.0
    return H


# caramba: runas weighted_hist(np.random.rand(N), np.random.rand(N), np.zeros(10))
@njit
def weighted_hist(x, w, out):
    nb = out.shape[0]
    for i in range(x.shape[0]):
        b = int(np.floor(x[i] * nb))
        if 0 <= b < nb:
            out[b] += w[i]


# caramba: runas parallel_hist(np.random.rand(N), 32, 4)
@njit(parallel=True)
def parallel_hist(x, nbins, nchunks):
    n = x.shape[0]
    local = np.zeros((nchunks, nbins), dtype=np.int64)
    chunk = (n + nchunks - 1) // nchunks
    for c in prange(nchunks):
        for i in range(c * chunk, min((c + 1) * chunk, n)):
            b = int(x[i] * nbins)
            if b >= nbins:
                b = nbins - 1
            local[c, b] += 1
    total = np.zeros(nbins, dtype=np.int64)
    for c in range(nchunks):
        for b in range(nbins):
            total[b] += local[c, b]
    return total


# caramba: runas bincount(np.random.randint(0, 20, N), 20)
@njit
def bincount(labels, minlength):
    out = np.zeros(minlength, np.int64)
    for l in labels:
        out[l] += 1
    return out


if __name__ == "__main__":
    print(hist1d(np.random.rand(1000), 10, 0.0, 1.0))
