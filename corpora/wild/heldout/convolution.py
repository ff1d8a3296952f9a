"""Convolution and correlation, as in signal/image-processing answers on Stack Overflow.

A 1-D 'full' convolution with bounds checks, a 2-D 'same' convolution with zero padding through if
statements, a separable Gaussian blur (a row pass then a column pass) and a 3x3 max filter.
"""
import math

import numpy as np
from numba import njit, prange


# caramba: runas convolve_full(np.random.rand(N), np.array([0.25, 0.5, 0.25]))
@njit
def convolve_full(x, h):
    n = x.shape[0]
    m = h.shape[0]
    y = np.zeros(n + m - 1)
    for i in range(n + m - 1):
        for j in range(m):
            k = i - j
            if k >= 0 and k < n:
                y[i] += h[j] * x[k]
    return y


# caramba: runas convolve2d_same(np.random.rand(N2, N2), np.random.rand(3, 3))
@njit(parallel=True)
def convolve2d_same(img, ker):
    H, W = img.shape
    kh, kw = ker.shape
    oy = kh // 2
    ox = kw // 2
    out = np.zeros((H, W))
    for i in prange(H):
        for j in range(W):
            acc = 0.0
            for u in range(kh):
                for v in range(kw):
                    y = i + u - oy
                    x = j + v - ox
                    if 0 <= y < H and 0 <= x < W:
                        acc += img[y, x] * ker[kh - 1 - u, kw - 1 - v]
            out[i, j] = acc
    return out


@njit
def gaussian_weights(sigma, radius):
    w = np.empty(2 * radius + 1)
    total = 0.0
    for k in range(-radius, radius + 1):
        w[k + radius] = math.exp(-(k * k) / (2.0 * sigma * sigma))
        total += w[k + radius]
    for k in range(2 * radius + 1):
        w[k] /= total
    return w


# caramba: runas gaussian_blur(np.random.rand(N2, N2), 1.2, 2)
@njit
def gaussian_blur(img, sigma, radius):
    w = gaussian_weights(sigma, radius)
    H, W = img.shape
    tmp = np.zeros((H, W))
    out = np.zeros((H, W))
    for i in range(H):
        for j in range(W):
            s = 0.0
            for k in range(-radius, radius + 1):
                jj = min(max(j + k, 0), W - 1)
                s += w[k + radius] * img[i, jj]
            tmp[i, j] = s
    for i in range(H):
        for j in range(W):
            s = 0.0
            for k in range(-radius, radius + 1):
                ii = min(max(i + k, 0), H - 1)
                s += w[k + radius] * tmp[ii, j]
            out[i, j] = s
    return out


# caramba: runas max_filter3(np.random.rand(N2, N2))
@njit
def max_filter3(a):
    n, m = a.shape
    out = np.empty((n, m))
    for i in range(n):
        for j in range(m):
            best = a[i, j]
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    ii = i + di
                    jj = j + dj
                    if ii >= 0 and ii < n and jj >= 0 and jj < m:
                        if a[ii, jj] > best:
                            best = a[ii, jj]
            out[i, j] = best
    return out


if __name__ == "__main__":
    print(convolve_full(np.arange(5.0), np.array([1.0, 1.0])))
