"""Statistics over samples, as in data-science Numba snippets.

Welford's one-pass mean and variance, covariance and Pearson correlation of two columns, column
means of a 2-D array with a prange, z-scores, skewness with early exit on zero variance, and a
weighted mean over a mask of integer flags.
"""
import math

import numpy as np
from numba import njit, prange


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
    return m2 / (n - 1)


@njit
def pearson(x, y):
    n = x.shape[0]
    mx = 0.0
    my = 0.0
    for i in range(n):
        mx += x[i]
        my += y[i]
    mx /= n
    my /= n
    sxy = 0.0
    sxx = 0.0
    syy = 0.0
    for i in range(n):
        dx = x[i] - mx
        dy = y[i] - my
        sxy += dx * dy
        sxx += dx * dx
        syy += dy * dy
    return sxy / math.sqrt(sxx * syy)


@njit(parallel=True)
def column_means(X):
    m = X.shape[1]
    out = np.zeros(m)
    for j in prange(m):
        s = 0.0
        for i in range(X.shape[0]):
            s += X[i, j]
        out[j] = s / X.shape[0]
    return out


@njit
def zscore(x):
    mu = x.mean()
    sd = x.std()
    return (x - mu) / sd


@njit
def skewness(x):
    n = len(x)
    mu = np.mean(x)
    m2 = 0.0
    m3 = 0.0
    for i in range(n):
        d = x[i] - mu
        m2 += d * d
        m3 += d * d * d
    m2 /= n
    m3 /= n
    if m2 == 0.0:
        return 0.0
    return m3 / m2 ** 1.5


# caramba: runas masked_mean(np.random.rand(N), np.random.rand(N), (np.arange(N) % 3 != 0).astype(np.int8))
@njit
def masked_mean(x, w, mask):
    num = 0.0
    den = 0.0
    for i in range(x.shape[0]):
        if mask[i]:
            num += w[i] * x[i]
            den += w[i]
    if den == 0.0:
        return 0.0
    return num / den


if __name__ == "__main__":
    a = np.random.rand(1000)
    b = a + 0.1 * np.random.rand(1000)
    print(welford(a), pearson(a, b), skewness(a))
    print(column_means(np.random.rand(100, 4)), zscore(a)[:3])
