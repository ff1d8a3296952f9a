"""Image filters on 2-D grayscale arrays, in the style of image-processing tutorials.

Box blur and Sobel with explicit neighbourhood loops and border handling by clamping, a threshold
that writes an integer mask, gamma correction, and a prange median-free sharpen.
"""
import numpy as np
from numba import njit, prange


@njit
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


# caramba: runas box_blur(np.random.rand(N2, N2), 1)
@njit
def box_blur(img, radius):
    h, w = img.shape
    out = np.zeros_like(img)
    for y in range(h):
        for x in range(w):
            s = 0.0
            cnt = 0
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    yy = clamp(y + dy, 0, h - 1)
                    xx = clamp(x + dx, 0, w - 1)
                    s += img[yy, xx]
                    cnt += 1
            out[y, x] = s / cnt
    return out


# caramba: runas sobel_magnitude(np.random.rand(N2, N2))
@njit(parallel=True)
def sobel_magnitude(img):
    h = img.shape[0]
    w = img.shape[1]
    mag = np.zeros((h, w))
    for i in prange(1, h - 1):
        for j in range(1, w - 1):
            gx = (img[i - 1, j + 1] + 2 * img[i, j + 1] + img[i + 1, j + 1]
                  - img[i - 1, j - 1] - 2 * img[i, j - 1] - img[i + 1, j - 1])
            gy = (img[i + 1, j - 1] + 2 * img[i + 1, j] + img[i + 1, j + 1]
                  - img[i - 1, j - 1] - 2 * img[i - 1, j] - img[i - 1, j + 1])
            mag[i, j] = np.sqrt(gx * gx + gy * gy)
    return mag


# caramba: runas threshold(np.random.rand(N2, N2), 0.5, np.zeros((N2, N2), dtype=np.uint8))
@njit
def threshold(img, t, mask):
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            if img[i, j] > t:
                mask[i, j] = 255
            else:
                mask[i, j] = 0


@njit(fastmath=True)
def gamma_correct(img, gamma):
    out = np.empty_like(img)
    inv = 1.0 / gamma
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            out[i, j] = img[i, j] ** inv
    return out


# caramba: runas sharpen(np.random.rand(N2, N2), 0.7)
@njit(parallel=True)
def sharpen(img, amount):
    h, w = img.shape
    out = img.copy()
    for i in prange(1, h - 1):
        for j in range(1, w - 1):
            lap = 4.0 * img[i, j] - img[i - 1, j] - img[i + 1, j] - img[i, j - 1] - img[i, j + 1]
            v = img[i, j] + amount * lap
            out[i, j] = min(max(v, 0.0), 1.0)
    return out


if __name__ == "__main__":
    im = np.random.rand(64, 64)
    print(box_blur(im, 2).mean(), sobel_magnitude(im).max(), gamma_correct(im, 2.2).mean())
