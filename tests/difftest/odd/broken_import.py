"""Top-level code that fails: every kernel is an error with the traceback."""
import numpy as np
import does_not_exist
from numba import njit

@njit
def f(a):
    a[0] = 1.0
