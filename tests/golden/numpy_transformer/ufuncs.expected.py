# Element-wise functions of the NumPy table. np.minimum/np.maximum propagate
# NaN (math.fmin/fmax would not), so they become conditional expressions;
# np.sqrt of a scalar is left to the scalar lowering (math.sqrt later).
import numpy as np
from numba import njit


@njit("void(float64[:], float64[:], float64)")
def clip(x, out, hi):
    # out[:] = np.minimum(np.sqrt(np.abs(x)), hi)
    _pk_np_s0 = min(x.shape[0] - 1, 1)
    if (x.shape[0] != out.shape[0] and x.shape[0] != 1):
        raise ValueError("could not broadcast the operands of out[:]=np.minimum(np.sqrt(np.abs(x)),hi)")
    for _pk_np_i0 in range(out.shape[0]):
        _pk_np_m1 = np.sqrt(np.abs(x[_pk_np_i0 * _pk_np_s0]))
        out[_pk_np_i0] = (_pk_np_m1 if _pk_np_m1 <= hi or _pk_np_m1 != _pk_np_m1 else hi)


@njit
def scalar(x, y):  # may be arrays: not lowered on a guess (CRB140 later)
    return np.maximum(np.sqrt(x * x + 1.0), y)


@njit
def nearest(x):
    # Half to even, a float: x - math.remainder(x, 1.0) after the scalar lowering.
    return np.round(x) + np.rint(x * 2.0)
