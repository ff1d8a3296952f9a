# Element-wise functions of the NumPy table. np.minimum/np.maximum propagate
# NaN (math.fmin/fmax would not), so they become conditional expressions;
# np.sqrt of a scalar is left to the scalar lowering (math.sqrt later).
import numpy as np
from numba import njit


@njit("void(float64[:], float64[:], float64)")
def clip(x, out, hi):
    out[:] = np.minimum(np.sqrt(np.abs(x)), hi)


@njit
def scalar(x, y):  # may be arrays: not lowered on a guess (CRB140 later)
    return np.maximum(np.sqrt(x * x + 1.0), y)


@njit
def nearest(x):
    # Half to even, a float: x - math.remainder(x, 1.0) after the scalar lowering.
    return np.round(x) + np.rint(x * 2.0)
