"""Statistics of the elements a boolean mask selects, as NumPy-minded Numba code
writes them: the mean of each radial bin with the bounds inline (azimint_naive's
loop), the total of the values above a threshold, the mean of a selection bound
to a name first, and the product of the odd entries of a small table."""
import numpy as np
from numba import njit


def initialize(N):
    rng = np.random.default_rng(11)
    return rng.random(N), rng.random(N)


# caramba: sizes N=1000,100000
# caramba: runas radial_means(*initialize(N), 20)
# caramba: runas radial_means(np.ones(10), np.linspace(0.0, 1.0, 10), 20)
@njit
def radial_means(data, radius, nbins):
    rmax = radius.max()
    res = np.zeros(nbins)
    for i in range(nbins):
        lo = rmax * i / nbins
        hi = rmax * (i + 1) / nbins
        res[i] = data[(radius >= lo) & (radius < hi)].mean()
    return res


# caramba: runas excess_total(np.random.default_rng(12).standard_normal(N), 1.5)
# caramba: runas excess_total(np.random.default_rng(12).standard_normal(N), 100.0)
@njit
def excess_total(x, threshold):
    return np.sum(x[x > threshold])


# caramba: runas positive_mean(np.random.default_rng(13).standard_normal(N))
@njit
def positive_mean(x):
    sel = x[x > 0.0]
    m = np.mean(sel)
    return m * 2.0


# caramba: runas odd_product(np.random.default_rng(14).integers(1, 4, size=20))
@njit
def odd_product(a):
    return np.prod(a[a % 2 == 1])
