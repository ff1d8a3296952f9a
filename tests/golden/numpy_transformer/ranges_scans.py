import numpy as np
from numba import njit


# Evenly spaced values and running sums, as Numba computes them: np.arange's
# length is ceil((stop - start) / step) and a zero step raises; np.linspace
# multiplies its bounds by 1.0 and stores stop itself last; np.cumsum is a
# serial scan of the flattened array with an accumulator of the result's dtype.
@njit("float64[:](float64, float64, float64)")
def poly_samples(lo, hi, h):
    t = np.arange(lo, hi, h)
    return 3.0 * t ** 3 - t


@njit("float64(float64, float64, int64)")
def trapz_sin(a, b, n):
    x = np.linspace(a, b, n)
    y = np.sin(x)
    s = 0.0
    for i in range(n - 1):
        s += 0.5 * (x[i + 1] - x[i]) * (y[i + 1] + y[i])
    return s


@njit("int64[:](int64[:, :])")
def running_counts(counts):
    total = counts.cumsum()
    return total

