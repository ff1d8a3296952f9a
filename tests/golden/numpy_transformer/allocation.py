# An allocation at the top level is hoisted into the caller (KernelPlan
# allocations); the element-wise assignment into it becomes a loop.
import numpy as np
from numba import njit


@njit
def doubled(a):
    out = np.empty_like(a)
    out[:] = a[:] * 2.0
    return out
