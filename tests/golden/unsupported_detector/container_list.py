# CRB112: the kernel stays Numba code, byte for byte. Uses of the list are
# echoes of that refusal, not findings of their own (no CRB121 on xs[0]).
import time

import numpy as np
from numba import jit, njit, vectorize


@njit
def k(a):
    xs = [1.0, 2.0]  # expect: CRB112
    a[0] = xs[0]
