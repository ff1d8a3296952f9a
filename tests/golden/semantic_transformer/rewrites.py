# Every rewrite of constructs the dialect lacks, with Python semantics kept.
import math

import numpy as np
from numba import njit, prange


@njit("void(float64[:], int64[:], float64[:])", parallel=True)
def rewrites(x, k, out):
    for i in prange(x.shape[0]):
        # ternary -> if/else
        sign = 1.0 if x[i] >= 0.0 else -1.0
        # chained comparison -> and
        inside = 0.0 < x[i] <= 1.0
        # min/max on floats -> math.fmin/fmax; on ints -> typed if
        lo = min(x[i], 0.5)
        hi = max(k[i], 3)
        # mixed and/or -> bool temporary keeping short-circuit
        flag = (x[i] > 2.0 or x[i] < -2.0) and k[i] > 0
        # // and % with Python semantics on ints and floats
        q = k[i] // 3
        r = k[i] % 3
        fq = x[i] // 0.25
        fr = x[i] % 0.25
        # int() and float() casts
        t = int(x[i] * 10.0)
        f = float(k[i])
        # scalar NumPy math -> math
        s = np.sqrt(abs(x[i])) + np.exp(-x[i]) + np.pi
        # tuple swap -> temporaries
        a, b = lo, hi
        a, b = b, a
        out[i] = sign + lo + hi + q + r + fq + fr + t + f + s + a + b
        if inside or flag:
            out[i] += 1.0


@njit("int64(int64, int64)")
def python_mod(a, b):
    return a % b + (a // b) * 100 + round(a / b)
