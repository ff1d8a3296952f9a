"""Automatic parallelism (--parallelize=auto, the default): a kernel whose only
loop is serial but has independent iterations becomes a parallel_for or a
parallel_reduce; loops with a carried dependence stay serial; array arguments
that overlap (f(a, a)) make the caller run the iterations in order."""
import numpy as np
from numba import njit


# caramba: runas saxpy(2.5, np.random.rand(N), np.random.rand(N), np.zeros(N))
@njit
def saxpy(alpha, x, y, out):
    for i in range(x.shape[0]):
        out[i] = alpha * x[i] + y[i]


# caramba: runas dot(np.random.rand(N), np.random.rand(N))
@njit
def dot(x, y):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * y[i]
    return s


# caramba: runas count_above(np.random.rand(N), 0.5)
@njit
def count_above(x, t):
    c = 0
    for i in range(x.shape[0]):
        if x[i] > t:
            c += 1
    return c


# Must stay serial: each element depends on the one before (prefix sum).
# caramba: runas prefix_sum(np.random.rand(N), np.zeros(N))
@njit
def prefix_sum(x, out):
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = out[i - 1] + x[i]


# Must stay serial: a scalar carried from one iteration to the next.
# caramba: runas first_difference(np.random.rand(N), np.zeros(N))
@njit
def first_difference(x, out):
    prev = 0.0
    for i in range(x.shape[0]):
        out[i] = x[i] - prev
        prev = x[i]


# Aliasing: called as smooth_into(a, a), iteration i reads the element that
# iteration i - 1 wrote; the caller sees np.may_share_memory and runs the
# iterations in order (a parallel run would read stale values).
# caramba: runas smooth_into(x := np.random.rand(N), x)
# caramba: runas smooth_into(np.random.rand(N), np.zeros(N))
@njit
def smooth_into(src, dst):
    for i in range(1, dst.shape[0]):
        dst[i] = 0.5 * (src[i - 1] + src[i])


# Rows in parallel, columns serially inside each row.
# caramba: runas row_max_abs(np.random.rand(N2, N2) - 0.5, np.zeros(N2))
@njit
def row_max_abs(a, out):
    for i in range(a.shape[0]):
        m = 0.0
        for j in range(a.shape[1]):
            v = abs(a[i, j])
            if v > m:
                m = v
        out[i] = m
