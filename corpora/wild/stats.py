"""Descriptive statistics in the style of public Numba code.

Idioms: `np.mean`, a weighted mean with `np.sum` of products, a two-pass variance, a softmax written
with array expressions, a z-score with a new output array, argmax by hand.
"""
import numpy as np
from numba import njit


# caramba: runas mean_var(np.random.rand(N))
@njit
def mean_var(x):
    m = np.mean(x)
    v = 0.0
    for i in range(x.shape[0]):
        v += (x[i] - m) ** 2
    return v / x.shape[0]


# caramba: runas weighted_mean(np.random.rand(N), np.random.rand(N) + 0.1)
@njit
def weighted_mean(x, w):
    return np.sum(w * x) / np.sum(w)


# caramba: runas softmax(np.random.randn(N))
@njit
def softmax(x):
    e = np.exp(x - np.max(x))
    return e / np.sum(e)


# caramba: runas zscore(np.random.rand(N))
@njit
def zscore(x):
    out = np.empty_like(x)
    mu = x.mean()
    sd = x.std()
    for i in range(x.shape[0]):
        out[i] = (x[i] - mu) / sd
    return out


# caramba: runas argmax(np.random.rand(N))
@njit
def argmax(x):
    best = 0
    for i in range(1, x.shape[0]):
        if x[i] > x[best]:
            best = i
    return best


# caramba: runas column_means(np.random.rand(N2, 7), np.zeros(7))
@njit
def column_means(a, out):
    n, m = a.shape
    for j in range(m):
        s = 0.0
        for i in range(n):
            s += a[i, j]
        out[j] = s / n
