"""np.sum and np.dot on whole arrays inside a kernel."""
import numpy as np
from numba import njit


# caramba: runas total(np.random.rand(N))
@njit
def total(a):
    return np.sum(a)


# caramba: runas cosine(np.random.rand(N), np.random.rand(N))
@njit
def cosine(a, b):
    return np.dot(a, b) / (np.sqrt(np.dot(a, a)) * np.sqrt(np.dot(b, b)))
