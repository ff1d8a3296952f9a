# A kernel a factory returns: its workunit and caller at module level, the
# def left in the factory calls the caller with the closure's value.
import numpy as np
from numba import njit, prange


def make_axpy(alpha):
    @njit(parallel=True)
    def axpy(x, y):
        out = np.empty_like(x)
        for i in prange(x.shape[0]):
            out[i] = alpha * x[i] + y[i]
        return out
    return axpy


def make_summer():
    @njit
    def total(x):
        s = 0.0
        for i in range(x.shape[0]):
            s += x[i]
        return s
    return total
