"""Boolean masks and flag arrays the way NumPy tutorials and older Numba code
write them: a thresholded mask returned to the caller, outliers counted from a
mask, a flag array filled by a loop, the Sieve of Eratosthenes on a bool array,
and a mask written into an output parameter."""
import numpy as np
from numba import njit


def initialize(N):
    rng = np.random.default_rng(11)
    return rng.standard_normal(N), rng.standard_normal(N)


# caramba: sizes N=200,100000
# caramba: runas threshold_mask(initialize(N)[0], 0.25)
@njit
def threshold_mask(a, t):
    mask = a > t
    return mask


# caramba: runas count_outliers(initialize(N)[0])
@njit
def count_outliers(x):
    mu = np.mean(x)
    sd = np.std(x)
    outliers = np.abs(x - mu) > 2.0 * sd
    return np.sum(outliers)


# caramba: runas in_window(initialize(N)[0], -0.5, 0.5)
@njit
def in_window(x, lo, hi):
    n = x.shape[0]
    flags = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        if x[i] >= lo and x[i] < hi:
            flags[i] = True
    return flags


# caramba: runas sieve(N)
@njit
def sieve(n):
    is_prime = np.ones(n + 1, dtype=np.bool_)
    is_prime[0] = False
    is_prime[1] = False
    i = 2
    while i * i <= n:
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
        i += 1
    return is_prime


# caramba: runas mark_close(*initialize(N), 0.1, np.zeros(N, dtype=np.bool_))
@njit
def mark_close(a, b, tol, close):
    for i in range(a.shape[0]):
        close[i] = abs(a[i] - b[i]) <= tol
