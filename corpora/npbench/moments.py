"""Moments of arrays the NumPy way: standardising a signal, the
signal-to-noise ratio, and the variance of the increments of a random walk
(np.var / np.std / .std() as scientific scripts write them)."""
import numpy as np
import numba as nb


# caramba: runas standardize(rng.random(N))
@nb.njit
def standardize(x):
    return (x - np.mean(x)) / np.std(x)


# caramba: runas snr(rng.random((N2, 6)))
@nb.njit(fastmath=True)
def snr(samples):
    return samples.mean() / samples.std()


# caramba: runas increment_variance(np.cumsum(rng.standard_normal(N)))
@nb.njit
def increment_variance(walk):
    return np.var(walk[1:] - walk[:-1])
