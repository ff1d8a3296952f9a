"""Running statistics of a time series, documented the way library code is:
every function has a docstring, allocates its result and fills it with a loop
that carries a value from one sample to the next."""
import numpy as np
from numba import njit


# caramba: runas running_sum(np.random.rand(N))
@njit
def running_sum(x):
    """Inclusive prefix sum of x."""
    out = np.empty(x.shape[0])
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i]
        out[i] = acc
    return out


# caramba: runas ewma(np.random.rand(N), 0.1)
@njit(cache=True)
def ewma(x, alpha):
    """Exponentially weighted moving average.

    Parameters
    ----------
    x : 1-D array of samples
    alpha : smoothing factor in (0, 1]
    """
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = alpha * x[i] + (1.0 - alpha) * out[i - 1]
    return out


# caramba: runas drawdown(np.cumsum(np.random.rand(N) - 0.5))
@njit
def drawdown(x):
    '''Distance of each sample below the running maximum.'''
    dd = np.zeros(x.shape[0])
    peak = x[0]
    for i in range(x.shape[0]):
        if x[i] > peak:
            peak = x[i]
        dd[i] = peak - x[i]
    return dd
