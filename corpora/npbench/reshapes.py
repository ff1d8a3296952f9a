"""Reshapes in NumPy-style kernels: a row softmax with the row statistics
reshaped into columns (NPBench's keepdims by hand), a tensor contraction
that flattens the leading axes before a matrix product (doitgen-style), and
a flattened histogram-like normalisation."""
import numpy as np
import numba as nb


# caramba: runas row_softmax(rng.random((N2, N2 + 3)))
@nb.njit(fastmath=True)
def row_softmax(x):
    row_max = np.empty(x.shape[0], dtype=x.dtype)
    for i in range(x.shape[0]):
        row_max[i] = np.max(x[i])
    e = np.exp(x - row_max.reshape((x.shape[0], 1)))
    return e / np.sum(e, axis=1).reshape((-1, 1))


# caramba: runas contract(rng.random((N3, N3 + 1, N3 + 2)), rng.random((N3 + 2, N3)))
@nb.njit
def contract(T, W):
    ni, nj, nk = T.shape
    out = np.reshape(T, (ni * nj, nk)) @ W
    return out.reshape((ni, nj, W.shape[1]))


# caramba: runas normalise_counts(rng.random((N2, 7)))
@nb.njit
def normalise_counts(counts):
    flat = counts.reshape(counts.size)
    total = np.sum(flat)
    return np.reshape(counts / total, (counts.shape[1], counts.shape[0]))
