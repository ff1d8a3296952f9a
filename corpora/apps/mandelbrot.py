"""Mandelbrot set: escape times of a pixel grid, and the count inside the set."""
import numpy as np
from numba import njit, prange

# caramba: sizes N=32,256


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


@njit(parallel=True)
def mandelbrot(image, xmin, xmax, ymin, ymax, max_iter):
    h = image.shape[0]
    w = image.shape[1]
    for y in prange(h):
        ci = ymin + (ymax - ymin) * y / h
        for x in range(w):
            cr = xmin + (xmax - xmin) * x / w
            image[y, x] = escape_time(cr, ci, max_iter)


@njit
def count_inside(image, max_iter):
    c = 0
    for y in range(image.shape[0]):
        for x in range(image.shape[1]):
            if image[y, x] == max_iter:
                c += 1
    return c


# caramba: runas escape_time(-0.5, 0.5, 100)
# caramba: runas escape_time(0.3, 0.6, 100)
# caramba: runas mandelbrot(np.zeros((N, N), dtype=np.int64), -2.0, 1.0, -1.5, 1.5, 50)
# caramba: runas count_inside(np.random.randint(45, 51, (N, N)), 50)
