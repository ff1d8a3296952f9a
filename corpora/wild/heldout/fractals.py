"""Escape-time fractals, as in the Numba and Cython Mandelbrot tutorials, without complex numbers.

A Julia set over a grid with a while loop and iteration cap, a Mandelbrot membership test as a
helper that returns early, a smooth-colouring variant with math.log, and a burning-ship count.
"""
import math

import numpy as np
from numba import njit, prange

MAX_ITER = 80


@njit
def escape_time(cr, ci, max_iter):
    zr = 0.0
    zi = 0.0
    for n in range(max_iter):
        zr2 = zr * zr
        zi2 = zi * zi
        if zr2 + zi2 > 4.0:
            return n
        zi = 2.0 * zr * zi + ci
        zr = zr2 - zi2 + cr
    return max_iter


# caramba: runas mandelbrot_grid(-2.0, 1.0, -1.5, 1.5, N2, N2)
@njit(parallel=True)
def mandelbrot_grid(xmin, xmax, ymin, ymax, width, height):
    img = np.zeros((height, width), dtype=np.int32)
    dx = (xmax - xmin) / width
    dy = (ymax - ymin) / height
    for j in prange(height):
        for i in range(width):
            img[j, i] = escape_time(xmin + i * dx, ymin + j * dy, MAX_ITER)
    return img


# caramba: runas julia(np.linspace(-1.5, 1.5, N2), np.linspace(-1.0, 1.0, N2), -0.8, 0.156)
@njit
def julia(xs, ys, cr, ci):
    out = np.empty((ys.shape[0], xs.shape[0]), dtype=np.int64)
    for a in range(ys.shape[0]):
        for b in range(xs.shape[0]):
            zr = xs[b]
            zi = ys[a]
            k = 0
            while zr * zr + zi * zi <= 4.0 and k < MAX_ITER:
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                k += 1
            out[a, b] = k
    return out


# caramba: runas smooth_mandel(np.linspace(-2.0, 0.5, N), 0.1)
@njit
def smooth_mandel(xs, y):
    out = np.zeros(xs.shape[0])
    for i in range(xs.shape[0]):
        zr = 0.0
        zi = 0.0
        n = 0
        while n < MAX_ITER:
            zr, zi = zr * zr - zi * zi + xs[i], 2 * zr * zi + y
            if zr * zr + zi * zi > 256.0:
                break
            n += 1
        if n < MAX_ITER:
            out[i] = n + 1 - math.log(math.log(math.sqrt(zr * zr + zi * zi))) / math.log(2.0)
        else:
            out[i] = float(n)
    return out


# caramba: runas burning_ship_count(N2, 40)
@njit
def burning_ship_count(n, iters):
    inside = 0
    for a in range(n):
        for b in range(n):
            cr = -2.0 + 3.0 * a / n
            ci = -2.0 + 3.0 * b / n
            zr, zi = 0.0, 0.0
            escaped = False
            for _ in range(iters):
                zr, zi = zr * zr - zi * zi + cr, 2.0 * abs(zr * zi) + ci
                if zr * zr + zi * zi > 4.0:
                    escaped = True
                    break
            if not escaped:
                inside += 1
    return inside


if __name__ == "__main__":
    print(mandelbrot_grid(-2.0, 1.0, -1.5, 1.5, 40, 20))
