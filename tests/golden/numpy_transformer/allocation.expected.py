# An allocation at the top level is hoisted into the caller (KernelPlan
# allocations); the element-wise assignment into it becomes a loop.
import numpy as np
from numba import njit


@njit
def doubled(a):
    out = np.empty_like(a)
    # out[:] = a[:] * 2.0
    _pk_np_s0 = min(a.shape[0] - 1, 1)
    if (a.shape[0] != out.shape[0] and a.shape[0] != 1):
        raise ValueError("could not broadcast the operands of out[:]=a[:]*2.0")
    for _pk_np_i0 in range(out.shape[0]):
        out[_pk_np_i0] = a[_pk_np_i0 * _pk_np_s0] * 2.0
    return out
