# This case tests the one-workunit model.
# caramba-options: --no-phases
# NumPy the NumpyTransformer cannot lower: each kernel stays Numba code, byte
# for byte, with the precise reason (CRB203–CRB210). Array results (CRB207,
# CRB208) and operands of unknown rank (CRB204) in kernels without element
# loops fall back to plain Python instead (numpy_transformer/fallback.py).
import numpy as np
from numba import njit, prange


@njit
def step(a, out, k):
    out[::k] = a[::k]  # expect: CRB203


@njit
def invert(a, out):
    out[:] = ~(a[:] > 0.5)  # expect: CRB203


@njit
def ambiguous(x, out):  # expect: CRB140
    out[:] = x * 2.0  # expect: CRB204
    for i in range(out.shape[0]):
        out[i] += 1.0


@njit
def branch(a, out, flag):
    if flag:
        out[1:] = a[1:] * 2.0  # expect: CRB205


@njit
def computed(a, out):
    k = 0
    for i in range(a.shape[0]):
        k += 1
    out[k:] = a[k:]  # expect: CRB205


@njit
def condition(a, out):  # expect: CRB140
    i = 0
    while i < np.sum(a):  # expect: CRB206
        i += 1
    out[0] = i


@njit
def lazy(a, b):  # expect: CRB140
    return b if b > 0.0 else np.max(a)  # expect: CRB206


@njit("void(float64[:, :], float64[:])")
def too_many(m, v):
    v[:] = m[:, :] * 2.0  # expect: CRB209


@njit
def overlap_in_loop(a, n):
    # Each prange iteration would need a temporary of its own.
    for k in prange(n):
        a[k + 1:] = a[:-k - 1]  # expect: CRB210


@njit
def unknown(a):  # expect: CRB140
    return np.interp(a, a, a)  # expect: CRB201


@njit("void(float64[:, :], float64[:], float64[:])")
def matrix_and_loop(m, v, out):
    t = np.dot(m, np.dot(m, v))  # expect: CRB208
    for i in range(out.shape[0]):
        out[i] = t[i]
