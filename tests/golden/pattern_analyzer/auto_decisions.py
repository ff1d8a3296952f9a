# --parallelize=auto (the default): which serial loops become parallel and
# why the others stay serial (--explain-parallel: CRB521 parallel, CRB522
# serial, CRB520 reassociated floating-point reduction).
# caramba-options: --explain-parallel --no-phases
import numpy as np
from numba import njit


@njit
def scale(a, out, s):
    for i in range(a.shape[0]):  # expect: CRB521
        out[i] = a[i] * s + 1.0


@njit
def total(a):
    t = 0.0
    for i in range(a.shape[0]):  # expect: CRB521, CRB520
        t += a[i]
    return t


@njit("int64(int64[:])")
def int_total(a):
    t = 0
    for i in range(a.shape[0]):  # expect: CRB521
        t += a[i]
    return t


@njit
def prefix_sum(a, out):
    out[0] = a[0]
    for i in range(1, a.shape[0]):  # expect: CRB522
        out[i] = out[i - 1] + a[i]


@njit
def in_place_prefix(a):
    for i in range(1, a.shape[0]):  # expect: CRB522
        a[i] = a[i - 1] + a[i]


@njit
def carried_scalar(a, out):
    prev = 0.0
    for i in range(a.shape[0]):  # expect: CRB522
        out[i] = a[i] - prev
        prev = a[i]


@njit("void(float64[:], float64[:])")
def private_only_in_branch(a, out):
    for i in range(a.shape[0]):  # expect: CRB522
        if a[i] > 0.5:
            t = a[i]
        out[i] = t


@njit
def scatter(idx, a, out):
    for i in range(a.shape[0]):  # expect: CRB522
        out[idx[i]] = a[i]


@njit("float64(float64[:])")
def maximum(a):
    m = a[0]
    for i in range(a.shape[0]):  # expect: CRB522
        m = max(m, a[i])
    return m


@njit
def first_negative(a):
    for i in range(a.shape[0]):  # expect: CRB522
        if a[i] < 0.0:
            return i
    return -1


@njit
def until_negative(a, out):
    for i in range(a.shape[0]):  # expect: CRB522
        if a[i] < 0.0:
            break
        out[i] = a[i]


@njit
def from_lo(a, out, lo):
    for i in range(lo, a.shape[0]):  # expect: CRB522
        out[i] = a[i]


@njit
def two_loops(a, out):
    for i in range(a.shape[0]):  # expect: CRB522
        out[i] = a[i]
    for i in range(a.shape[0]):  # expect: CRB522
        out[i] += 1.0


@njit
def shifted_write(a, out):
    for i in range(1, a.shape[0]):  # expect: CRB521
        out[i - 1] = a[i] + a[i - 1]


@njit
def row_sums(a, out):
    for i in range(a.shape[0]):  # expect: CRB521
        s = 0.0
        for j in range(a.shape[1]):  # expect: CRB522
            s += a[i, j]
        out[i] = s


@njit
def reverse(a):
    n = a.shape[0]
    for i in range(n // 2):  # expect: CRB522
        a[i], a[n - 1 - i] = a[n - 1 - i], a[i]


# A time loop around an independent loop: the caller runs the steps, each a
# parallel dispatch.
@njit
def time_steps(a, steps):
    for it in range(steps):  # expect: CRB522
        for i in range(a.shape[0]):  # expect: CRB521
            a[i] = 0.5 * a[i] + 1.0


@njit
def time_steps_carried(a, steps):
    for it in range(steps):  # expect: CRB522
        for i in range(1, a.shape[0]):  # expect: CRB522
            a[i] = 0.5 * a[i - 1] + 1.0
