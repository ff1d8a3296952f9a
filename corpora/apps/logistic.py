"""Logistic regression, thesis snippet 2.3: gradient steps with np.dot and
np.exp on whole arrays. The matrix-vector products have array results, which
cannot stay in a workunit: the kernel falls back to the thesis's behaviour,
plain Python with PyKokkos host ufuncs (CRB515)."""
import numpy as np
from numba import njit


# caramba: runas logistic_regression(np.where(np.random.rand(N) > 0.5, 1.0, -1.0), np.random.rand(N, 4), np.zeros(4), 5)
@njit
def logistic_regression(Y, X, w, iterations):
    for i in range(iterations):
        w -= np.dot(((1.0 / (1.0 + np.exp(-Y * np.dot(X, w))) - 1.0) * Y), X)
    return w


# caramba: runas predict(np.random.rand(N, 4), np.random.rand(4))
@njit("float64(float64[:, :], float64[:])")
def predict(X, w):
    # A reduction of a vector of dot products: each row's dot is a loop.
    s = 0.0
    for i in range(X.shape[0]):
        s += 1.0 / (1.0 + np.exp(-np.dot(X[i, :], w)))
    return s / X.shape[0]
