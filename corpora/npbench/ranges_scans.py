"""Grids and running totals built inside kernels, the way tutorials and NPBench
ports write them: a trapezoid rule over np.linspace, a polynomial sampled on
np.arange with a float step, strided labels with an integer step and a dtype,
a countdown with a negative step, normalised CDFs and compound growth with
np.cumsum and np.cumprod, and a running count over a 2-D table (flattened)."""
import numpy as np
from numba import njit


# caramba: sizes N=100,100000
# caramba: runas trapz_sin(0.0, np.pi, N)
# caramba: runas trapz_sin(1.0, 2, 2)
# caramba: runas trapz_sin(0.5, 3.0, 1)
@njit
def trapz_sin(a, b, n):
    x = np.linspace(a, b, n)
    y = np.sin(x)
    s = 0.0
    for i in range(n - 1):
        s += 0.5 * (x[i + 1] - x[i]) * (y[i + 1] + y[i])
    return s + x[n - 1]


# caramba: runas grid(-1.0, 1.0, N)
# caramba: runas grid(-0.0, 5.0, 1)
# caramba: runas grid(3, 1, 0)
@njit
def grid(lo, hi, n):
    return np.linspace(lo, hi, n)


# caramba: runas poly_samples(-1.0, 1.0, 2.0 / N)
# caramba: runas poly_samples(0.0, 1.0, 0.1)
# caramba: runas poly_samples(1.0, 0.0, 0.25)
@njit
def poly_samples(lo, hi, h):
    t = np.arange(lo, hi, h)
    return 3.0 * t ** 3 - t + 0.5


# caramba: runas strided_labels(N, 3)
# caramba: runas strided_labels(N, -3)
# caramba: runas strided_labels(N, 0)
@njit
def strided_labels(n, k):
    idx = np.arange(0, n, k, dtype=np.int64)
    return idx * 2 + 1


# caramba: runas countdown(N)
# caramba: runas countdown(0)
@njit
def countdown(n):
    r = np.arange(n, 0, -2)
    s = 0
    for i in range(r.shape[0]):
        s += r[i] * (i + 1)
    return s


# caramba: runas halves(N)
@njit
def halves(n):
    return np.arange(n, dtype=np.float64) / 2.0


# caramba: runas empirical_cdf(np.random.default_rng(7).random(N))
@njit
def empirical_cdf(w):
    c = np.cumsum(w)
    return c / c[-1]


# caramba: runas growth(1.0 + 0.001 * np.random.default_rng(8).standard_normal(N))
@njit
def growth(r):
    return np.cumprod(r)


# caramba: runas running_counts(np.random.default_rng(9).integers(0, 5, size=(N // 10 + 1, 10)))
@njit
def running_counts(counts):
    total = counts.cumsum()
    return total[-1], total
