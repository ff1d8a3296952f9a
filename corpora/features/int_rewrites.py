"""Integer rewrites with Python semantics on negative values: // and % (floor),
int() truncation, round() half to even, integer min/max, tuple swap."""
import numpy as np
from numba import njit, prange


# caramba: runas mixed(np.random.randn(N) * 10.0, np.random.randint(-50, 50, N), np.zeros(N))
@njit(parallel=True)
def mixed(x, k, out):
    for i in prange(x.shape[0]):
        q = k[i] // 3
        r = k[i] % 3
        t = int(x[i])
        h = round(x[i])
        lo = min(k[i], 7)
        hi = max(x[i], 0.5)
        a, b = q, r
        a, b = b, a
        out[i] = q * 1000.0 + r * 100.0 + t + h * 0.5 + lo + hi + a - b
