# A reduction in an if condition or a range() header: its loop goes before the
# statement (evaluated once, as the header is).
import numpy as np
from numba import njit


@njit
def positive(a, out):
    if np.sum(a) > 0.0:
        out[0] = 1.0
    for i in range(int(np.max(a))):
        out[1] += 1.0
