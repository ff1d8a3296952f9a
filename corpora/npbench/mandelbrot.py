"""Mandelbrot set (NPBench mandelbrot1 and the Numba documentation's
example): escape-time iteration on a grid of complex numbers, vectorised
with masks, and the classic scalar escape loop with a helper."""
import numpy as np
import numba as nb
from numba import jit


# caramba: sizes N=400,40000
# caramba: runas mandelbrot(-2.25, 0.75, -1.25, 1.25, N2, N2, 30)
@nb.jit(nopython=True, parallel=False, fastmath=True)
def mandelbrot(xmin, xmax, ymin, ymax, xn, yn, maxiter, horizon=2.0):
    X = np.linspace(xmin, xmax, xn).astype(np.float64)
    Y = np.linspace(ymin, ymax, yn).astype(np.float64)
    C = X + Y.reshape((yn, 1)) * 1j
    N = np.zeros(C.shape, dtype=np.int64)
    Z = np.zeros(C.shape, dtype=np.complex128)
    for n in range(maxiter):
        I = np.less(np.absolute(Z), horizon)
        for i in range(yn):
            for j in range(xn):
                if I[i, j]:
                    N[i, j] = n
                    Z[i, j] = Z[i, j] ** 2 + C[i, j]
    for i in range(yn):
        for j in range(xn):
            if N[i, j] == maxiter - 1:
                N[i, j] = 0
    return Z, N


@jit(nopython=True)
def mandel(x, y, max_iters):
    """Iterations before z = z^2 + c escapes, or max_iters."""
    i = 0
    c = complex(x, y)
    z = 0.0j
    for i in range(max_iters):
        z = z * z + c
        if (z.real * z.real + z.imag * z.imag) >= 4:
            return i
    return 255


# caramba: runas create_fractal(-2.0, 1.0, -1.0, 1.0, np.zeros((N2, N2 + 10), dtype=np.uint8), 20)
@jit(nopython=True)
def create_fractal(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]
    pixel_size_x = (max_x - min_x) / width
    pixel_size_y = (max_y - min_y) / height
    for x in range(width):
        real = min_x + x * pixel_size_x
        for y in range(height):
            imag = min_y + y * pixel_size_y
            color = mandel(real, imag, iters)
            image[y, x] = color
    return image
