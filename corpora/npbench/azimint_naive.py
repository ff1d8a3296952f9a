"""Naive azimuthal integration (NPBench azimint_naive, from pyFAI): for each
radial bin, the mean of the data whose radius falls into it, found with a
boolean mask per bin."""
import numpy as np
import numba as nb


def initialize(N):
    rng = np.random.default_rng(42)
    data, radius = rng.random((N,)), rng.random((N,))
    return data, radius, 100


# caramba: sizes N=1000,100000
# caramba: runas azimint_naive(*initialize(N))
@nb.jit(nopython=True, parallel=False, fastmath=True)
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


# The prange version NPBench lists as "numba_npr".
# caramba: runas azimint_prange(*initialize(N))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def azimint_prange(data, radius, npt):
    rmax = radius.max()
    res = np.zeros(npt, dtype=np.float64)
    for i in nb.prange(npt):
        r1 = rmax * i / npt
        r2 = rmax * (i + 1) / npt
        s = 0.0
        c = 0
        for j in range(data.shape[0]):
            if r1 <= radius[j] and radius[j] < r2:
                s += data[j]
                c += 1
        res[i] = s / c
    return res
