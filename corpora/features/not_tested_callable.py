"""A kernel that takes a function argument: its inputs cannot be generated,
and it has no marker, so difftest must say not-tested (never a silent pass)."""
import numpy as np
from numba import njit


@njit
def apply_all(f, a, out):
    for i in range(a.shape[0]):
        out[i] = f(a[i])
