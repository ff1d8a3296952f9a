"""Image processing on grayscale uint8 and float images, in the style of scikit-image contributors.

Integral image (summed-area table) and box sums from it, a 3x3 median filter by sorting the window,
Sobel gradient magnitude, histogram equalisation through a cumulative histogram, and nearest-neighbour
downsampling by an integer factor. Borders are clamped by hand, the way C programmers write it.
"""
import numpy as np
from numba import njit, prange


def gray(h, w, seed=0):
    return np.random.default_rng(seed).integers(0, 256, (h, w)).astype(np.uint8)


# caramba: sizes N=12,300
# caramba: runas integral_image(gray(N, N + 3))
@njit
def integral_image(img):
    h, w = img.shape
    S = np.zeros((h + 1, w + 1), dtype=np.int64)
    for y in range(h):
        row = 0
        for x in range(w):
            row += img[y, x]
            S[y + 1, x + 1] = S[y, x + 1] + row
    return S


# caramba: sizes N=12,300
# caramba: runas box_sums(integral_image(gray(N, N)), 3)
@njit(parallel=True)
def box_sums(S, r):
    h = S.shape[0] - 1
    w = S.shape[1] - 1
    out = np.zeros((h, w), dtype=np.float64)
    for y in prange(h):
        y0 = max(y - r, 0)
        y1 = min(y + r + 1, h)
        for x in range(w):
            x0 = max(x - r, 0)
            x1 = min(x + r + 1, w)
            total = S[y1, x1] - S[y0, x1] - S[y1, x0] + S[y0, x0]
            out[y, x] = total / ((y1 - y0) * (x1 - x0))
    return out


# caramba: sizes N=12,200
# caramba: runas median3x3(gray(N, N))
@njit(parallel=True)
def median3x3(img):
    h, w = img.shape
    out = img.copy()
    for y in prange(1, h - 1):
        win = np.empty(9, dtype=img.dtype)
        for x in range(1, w - 1):
            k = 0
            for dy in range(-1, 2):
                for dx in range(-1, 2):
                    win[k] = img[y + dy, x + dx]
                    k += 1
            win.sort()
            out[y, x] = win[4]
    return out


# caramba: sizes N=12,300
# caramba: runas sobel_magnitude(gray(N, N).astype(np.float32))
@njit
def sobel_magnitude(img):
    h, w = img.shape
    mag = np.zeros_like(img)
    for y in range(h):
        for x in range(w):
            ym = max(y - 1, 0)
            yp = min(y + 1, h - 1)
            xm = max(x - 1, 0)
            xp = min(x + 1, w - 1)
            gx = (img[ym, xp] + 2 * img[y, xp] + img[yp, xp]) - (img[ym, xm] + 2 * img[y, xm] + img[yp, xm])
            gy = (img[yp, xm] + 2 * img[yp, x] + img[yp, xp]) - (img[ym, xm] + 2 * img[ym, x] + img[ym, xp])
            mag[y, x] = np.sqrt(gx * gx + gy * gy)
    return mag


# caramba: sizes N=12,300
# caramba: runas equalize_hist(gray(N, N))
@njit
def equalize_hist(img):
    hist = np.zeros(256, dtype=np.int64)
    for v in img.ravel():
        hist[v] += 1
    cdf = np.zeros(256, dtype=np.int64)
    acc = 0
    for i in range(256):
        acc += hist[i]
        cdf[i] = acc
    cdf_min = 0
    for i in range(256):
        if cdf[i] > 0:
            cdf_min = cdf[i]
            break
    total = img.size
    out = np.empty_like(img)
    for y in range(img.shape[0]):
        for x in range(img.shape[1]):
            out[y, x] = np.uint8(round((cdf[img[y, x]] - cdf_min) * 255.0 / max(total - cdf_min, 1)))
    return out


# caramba: sizes N=12,300
# caramba: runas downsample(gray(N, N), 3)
@njit
def downsample(img, f):
    h = img.shape[0] // f
    w = img.shape[1] // f
    out = np.empty((h, w), dtype=img.dtype)
    for y in range(h):
        for x in range(w):
            out[y, x] = img[y * f, x * f]
    return out


if __name__ == "__main__":
    g = gray(20, 24)
    S = integral_image(g)
    print(S[-1, -1] == g.sum(), box_sums(S, 2)[0, :3])
    print(median3x3(g)[1, :5], sobel_magnitude(g.astype(np.float32))[3, :3])
    print(equalize_hist(g)[0, :5], downsample(g, 3).shape)
