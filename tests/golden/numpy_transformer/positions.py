# A reduction in an if condition or a range() header: its loop goes before the
# statement (evaluated once, as the header is). The signature gives a's rank
# (only reductions use it: without one it would be CRB204).
import numpy as np
from numba import njit


@njit("void(float64[:], float64[:])")
def positive(a, out):
    if np.sum(a) > 0.0:
        out[0] = 1.0
    for i in range(int(np.max(a))):
        out[1] += 1.0
