"""Histograms the way people write them in Numba: np.histogram, a manual
binning loop with a precomputed bin width, a 2-D histogram, and np.bincount
of integer labels."""
import numpy as np
import numba as nb

NBINS = 64


# caramba: runas hist_numpy(rng.standard_normal(N), 32)
@nb.njit
def hist_numpy(x, bins):
    counts, edges = np.histogram(x, bins=bins)
    return counts, edges


# caramba: runas hist_loop(rng.random(N), 0.0, 1.0)
@nb.njit
def hist_loop(data, lo, hi):
    hist = np.zeros(NBINS, dtype=np.int64)
    width = (hi - lo) / NBINS
    for x in data:
        b = int((x - lo) / width)
        if b == NBINS:
            b -= 1
        if 0 <= b < NBINS:
            hist[b] += 1
    return hist


# caramba: runas hist2d(rng.random(N), rng.random(N), 16)
@nb.njit
def hist2d(x, y, nbins):
    H = np.zeros((nbins, nbins))
    xmin, xmax = x.min(), x.max()
    ymin, ymax = y.min(), y.max()
    for k in range(x.size):
        i = int((x[k] - xmin) / (xmax - xmin) * nbins)
        j = int((y[k] - ymin) / (ymax - ymin) * nbins)
        i = min(i, nbins - 1)
        j = min(j, nbins - 1)
        H[i, j] += 1.0
    return H / x.size


# caramba: runas label_counts(rng.integers(0, 50, size=N))
@nb.njit
def label_counts(labels):
    counts = np.bincount(labels)
    frac = counts / labels.shape[0]
    return counts, frac
