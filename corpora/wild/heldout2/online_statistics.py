"""Statistics computed in one pass or by resampling, as in data-analysis utility modules.

Welford's online mean/variance, a weighted covariance matrix with explicit loops, bootstrap means
over index arrays drawn by the caller (prange over resamples), a Gaussian kernel density estimate on
a grid, a 2-D histogram with clipping to the edges, and Spearman's rank correlation from argsort ranks.
"""
import math
import numpy as np
from numba import njit, prange


# caramba: runas welford(rng.standard_normal(N) * 3 + 10)
@njit
def welford(x):
    n = 0
    mean = 0.0
    m2 = 0.0
    for v in x:
        n += 1
        delta = v - mean
        mean += delta / n
        m2 += delta * (v - mean)
    return mean, m2 / (n - 1)


# caramba: runas weighted_cov(rng.standard_normal((N, 3)), rng.random(N))
@njit
def weighted_cov(X, w):
    n, d = X.shape
    wsum = w.sum()
    mu = np.zeros(d)
    for i in range(n):
        for j in range(d):
            mu[j] += w[i] * X[i, j]
    mu /= wsum
    C = np.zeros((d, d))
    for i in range(n):
        for a in range(d):
            for b in range(d):
                C[a, b] += w[i] * (X[i, a] - mu[a]) * (X[i, b] - mu[b])
    return C / wsum


# caramba: sizes N=100,4000
# caramba: runas bootstrap_means(rng.standard_normal(N), rng.integers(0, N, (200, N)))
@njit(parallel=True)
def bootstrap_means(x, idx):
    B = idx.shape[0]
    means = np.empty(B)
    for b in prange(B):
        s = 0.0
        for k in range(idx.shape[1]):
            s += x[idx[b, k]]
        means[b] = s / idx.shape[1]
    return means


# caramba: sizes N=50,3000
# caramba: runas gaussian_kde(rng.standard_normal(N), np.linspace(-4, 4, 64), 0.3)
@njit(parallel=True)
def gaussian_kde(samples, grid, bw):
    dens = np.zeros(grid.shape[0])
    norm = 1.0 / (samples.shape[0] * bw * math.sqrt(2 * math.pi))
    for g in prange(grid.shape[0]):
        acc = 0.0
        for s in range(samples.shape[0]):
            u = (grid[g] - samples[s]) / bw
            acc += math.exp(-0.5 * u * u)
        dens[g] = acc * norm
    return dens


# caramba: runas hist2d_clip(rng.standard_normal(N), rng.standard_normal(N), 16, -2.0, 2.0)
@njit
def hist2d_clip(x, y, bins, lo, hi):
    H = np.zeros((bins, bins), dtype=np.int64)
    scale = bins / (hi - lo)
    for k in range(x.shape[0]):
        i = int((x[k] - lo) * scale)
        j = int((y[k] - lo) * scale)
        i = min(max(i, 0), bins - 1)
        j = min(max(j, 0), bins - 1)
        H[i, j] += 1
    return H


# caramba: runas spearman(rng.standard_normal(N), rng.standard_normal(N))
@njit
def spearman(x, y):
    n = x.shape[0]
    rx = np.empty(n)
    ry = np.empty(n)
    ox = np.argsort(x)
    oy = np.argsort(y)
    for r in range(n):
        rx[ox[r]] = r
        ry[oy[r]] = r
    d2 = 0.0
    for i in range(n):
        d2 += (rx[i] - ry[i]) ** 2
    return 1.0 - 6.0 * d2 / (n * (n * n - 1.0))


if __name__ == "__main__":
    x = np.random.randn(100)
    print(welford(x), np.var(x, ddof=1), weighted_cov(np.random.randn(50, 3), np.random.rand(50))[0])
    print(bootstrap_means(x, np.random.randint(0, 100, (5, 100))), gaussian_kde(x, np.linspace(-4, 4, 5), 0.3))
    print(hist2d_clip(x, x, 4, -2.0, 2.0), spearman(x, x + np.random.randn(100)))
