"""Element-wise array expressions and slice assignments inside kernels
(issue 5): lowered to loops, NumPy's broadcasting and evaluation order."""
import numpy as np
from numba import njit


# caramba: runas scale_add(np.random.rand(N), np.random.rand(N), np.zeros(N))
@njit("void(float64[:], float64[:], float64[:])")
def scale_add(a, b, c):
    # The signature says a and b are arrays: without it they might be scalars
    # (CRB204).
    c[:] = a * b + 1.0


# caramba: runas shift_right(np.random.rand(N))
@njit
def shift_right(a):
    # The right-hand side overlaps the target: NumPy reads it first.
    a[1:] = a[:-1]


# caramba: runas shift_left(np.random.rand(N))
@njit
def shift_left(a):
    a[:-1] = a[1:] * 0.5


# caramba: runas laplace1d(np.random.rand(N), np.zeros(N))
@njit
def laplace1d(b, out):
    out[1:-1] = b[:-2] + b[2:] - 2.0 * b[1:-1]


# caramba: runas add_row(np.random.rand(N2, N2), np.random.rand(N2))
@njit("void(float64[:, :], float64[:])")
def add_row(a, v):
    # v broadcasts over the rows of a.
    a[:, :] += np.sqrt(np.abs(v)) * 2.0


# caramba: runas clamp_all(np.random.rand(N) * 2.0 - 0.5, np.zeros(N))
@njit("void(float64[:], float64[:])")
def clamp_all(x, out):
    out[:] = np.minimum(np.maximum(x, 0.0), 1.0)


# caramba: runas normalise(np.random.rand(N))
@njit
def normalise(a):
    # A reduction inside an element-wise update: evaluated once, first.
    a[:] = a / np.sum(a)


# caramba: runas rows_scaled(np.random.rand(N2, N2), np.zeros((N2, N2)))
@njit
def rows_scaled(a, out):
    for i in range(a.shape[0]):
        out[i, :] = a[i, :] * (i + 1)


# caramba: runas round_half(np.arange(-N, N) * 0.5, np.zeros(2 * N))
@njit
def round_half(x, out):
    # np.round rounds half to even (the dialect's round() would not).
    for i in range(x.shape[0]):
        out[i] = np.round(x[i]) + np.rint(x[i] * 0.5)
