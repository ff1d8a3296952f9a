"""Reference BLAS level-1 routines translated from Fortran, the way legacy code ports them.

Strided DAXPY with the Fortran unrolled clean-up loop (`m = n % 4`), IDAMAX returning a 1-based
index with early returns for the degenerate cases, a scaled two-norm (DNRM2's algorithm), DROT,
and DSCAL with an increment; loops written with explicit 1-based offsets.
"""
import math

import numpy as np
from numba import njit


# caramba: runas daxpy(N, 2.0, np.random.rand(N), 1, np.random.rand(N), 1)
# caramba: runas daxpy(N // 2, -0.5, np.random.rand(N), 2, np.random.rand(N), 2)
@njit
def daxpy(n, da, dx, incx, dy, incy):
    if n <= 0:
        return
    if da == 0.0:
        return
    if incx == 1 and incy == 1:
        m = n % 4
        if m != 0:
            for i in range(1, m + 1):
                dy[i - 1] = dy[i - 1] + da * dx[i - 1]
        if n < 4:
            return
        for i in range(m + 1, n + 1, 4):
            dy[i - 1] = dy[i - 1] + da * dx[i - 1]
            dy[i] = dy[i] + da * dx[i]
            dy[i + 1] = dy[i + 1] + da * dx[i + 1]
            dy[i + 2] = dy[i + 2] + da * dx[i + 2]
        return
    ix = 1
    iy = 1
    if incx < 0:
        ix = (-n + 1) * incx + 1
    if incy < 0:
        iy = (-n + 1) * incy + 1
    for i in range(1, n + 1):
        dy[iy - 1] = dy[iy - 1] + da * dx[ix - 1]
        ix = ix + incx
        iy = iy + incy


# caramba: runas idamax(N, np.random.randn(N), 1)
# caramba: runas idamax(0, np.random.randn(N), 1)
@njit
def idamax(n, dx, incx):
    if n < 1 or incx <= 0:
        return 0
    if n == 1:
        return 1
    imax = 1
    dmax = abs(dx[0])
    ix = 1 + incx
    for i in range(2, n + 1):
        if abs(dx[ix - 1]) > dmax:
            imax = i
            dmax = abs(dx[ix - 1])
        ix = ix + incx
    return imax


# caramba: runas dnrm2(N, np.random.randn(N) * 1e3, 1)
@njit
def dnrm2(n, x, incx):
    if n < 1 or incx < 1:
        return 0.0
    if n == 1:
        return abs(x[0])
    scale = 0.0
    ssq = 1.0
    for ix in range(1, 1 + (n - 1) * incx + 1, incx):
        if x[ix - 1] != 0.0:
            absxi = abs(x[ix - 1])
            if scale < absxi:
                ssq = 1.0 + ssq * (scale / absxi) ** 2
                scale = absxi
            else:
                ssq = ssq + (absxi / scale) ** 2
    return scale * math.sqrt(ssq)


# caramba: runas drot(N, np.random.rand(N), np.random.rand(N), 0.8, 0.6)
@njit
def drot(n, dx, dy, c, s):
    for i in range(n):
        dtemp = c * dx[i] + s * dy[i]
        dy[i] = c * dy[i] - s * dx[i]
        dx[i] = dtemp


# caramba: runas dscal(N // 3, 3.0, np.random.rand(N), 3)
@njit
def dscal(n, da, dx, incx):
    if n <= 0 or incx <= 0:
        return
    nincx = n * incx
    for i in range(1, nincx + 1, incx):
        dx[i - 1] = da * dx[i - 1]


if __name__ == "__main__":
    x = np.arange(10.0)
    y = np.ones(10)
    daxpy(10, 2.0, x, 1, y, 1)
    print(y, idamax(10, x, 1), dnrm2(10, x, 1))
