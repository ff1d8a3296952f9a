import numpy as np
from numba import njit


# Reductions of the elements a boolean mask selects: one loop over the vector
# with the mask as its condition. The mean counts first (Numba raises
# ZeroDivisionError for an empty selection), then sums; a selection bound to
# a name and only reduced is read through the mask where it is reduced.
@njit("float64[:](float64[:], float64[:], int64)")
def azimint_naive(data, radius, npt):
    rmax = radius.max()
    res = np.zeros(npt, dtype=np.float64)
    for i in range(npt):
        r1 = rmax * i / npt
        r2 = rmax * (i + 1) / npt
        mask_r12 = np.logical_and((r1 <= radius), (radius < r2))
        values_r12 = data[mask_r12]
        res[i] = np.mean(values_r12)
    return res


@njit("float64(float64[:], float64)")
def excess_total(x, threshold):
    return np.sum(x[x > threshold])

