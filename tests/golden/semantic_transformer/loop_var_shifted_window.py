# A range loop whose variable the body reassigns (`for a in range(lo, hi):
# a = a - off`, from held-out legacy code) or that is read after the loop (the
# search-and-break idiom): the C++ loop counter is the variable itself, so the
# loop gets a fresh counter and the body a copy, which is Python's semantics.
# A loop variable used only inside its loop stays the counter.
import numpy as np
from numba import njit


@njit
def shifted_window(a, out, lo, hi, off):
    for k in range(lo, hi):
        k = k - off
        out[k] = 2.0 * a[k]


@njit
def first_above(a, thr):
    i = 0
    for i in range(a.shape[0]):
        if a[i] > thr:
            break
    return i


@njit
def reused_name(a, out):
    for i in range(a.shape[0]):
        for i in range(3):  # the inner loop rebinds the outer variable
            out[i] += a[i]
        out[i] += 1.0


@njit
def one_line(a, lo, hi):
    s = 0.0
    for k in range(lo, hi): k = k - lo; s += a[k]
    return s


@njit
def plain(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i]
