"""Positions of extremes with np.argmax, np.argmin and a.argmax(), as in peak finding and
nearest-neighbour code."""
import numpy as np
from numba import njit


# caramba: runas peak(np.random.rand(N))
@njit
def peak(signal):
    return np.argmax(signal)


# caramba: runas closest(np.random.rand(N), 0.5)
@njit
def closest(x, target):
    d = np.abs(x - target)
    return np.argmin(d)


# caramba: runas hottest_cell(np.random.rand(N2, 7))
@njit
def hottest_cell(grid):
    return grid.argmax()


# caramba: runas interior_low(np.random.rand(N))
@njit
def interior_low(a):
    n = a.shape[0]
    return 1 + np.argmin(a[1:n - 1])
