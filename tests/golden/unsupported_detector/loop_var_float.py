# CRB143: a loop variable rebound to a float (legacy code turning the step
# index into the physical time) is a float64 for Numba everywhere; the
# workunit's loop variable is an integer. Integer rebinding is translated
# (see semantic/loop_var_shifted_window).
import math

import numpy as np
from numba import njit


@njit("void(float64[:], float64)")
def sample_wave(out, dt):
    for t in range(out.shape[0]):
        idx = t
        t = t * dt  # expect: CRB143
        out[idx] = math.sin(2.0 * math.pi * t)


@njit("void(float64[:])")
def halve(out):
    for k in range(out.shape[0]):
        k /= 2  # expect: CRB143
        out[0] += k


@njit("void(float64[:], int64)")
def shifted(out, off):
    for k in range(off, out.shape[0]):
        k -= off
        out[k] += 1.0
