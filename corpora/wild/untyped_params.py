"""Kernels whose parameters say nothing about their own types, in the style of tutorial and legacy code.

Each is a case where a static guess would decide the translation: a parameter never subscripted that is
really an array (`a * x + b`, `A @ x`, `np.minimum(np.maximum(x, lo), hi)`), a whole-array update
(`out[:] = w * x + out`), a size used only in slice bounds, an index computed with `%` from an integer
array, an element type that changes a local's declaration, and complex data. Without recorded types the
translator refuses them (CRB140/CRB142); with the types Numba saw (`caramba record`, or the run markers
under difftest) the ones PyKokkos can hold translate and equal Numba.
"""
import numpy as np
from numba import njit

# caramba: sizes N=50,2000


# caramba: runas axpy(2.5, np.random.rand(N), np.random.rand(N))
@njit
def axpy(a, x, b):
    return a * x + b


# caramba: runas accumulate(np.random.rand(N), 0.5, np.random.rand(N))
@njit
def accumulate(out, w, x):
    out[:] = w * x + out


# caramba: runas matvec(np.random.rand(N // 10 + 2, N // 10 + 2), np.random.rand(N // 10 + 2))
@njit
def matvec(A, x):
    return A @ x


# caramba: runas clip(np.random.rand(N) * 20.0)
@njit
def clip(x):
    return np.minimum(np.maximum(x, 2), 10)


# caramba: runas smooth_interior(np.random.rand(N), np.zeros(N), N)
@njit
def smooth_interior(a, b, n):
    # the size is only a slice bound: an integer, never a float index
    b[2:n - 2] = (a[1:n - 3] + a[3:n - 1]) * 0.5


# caramba: runas bin_counts(np.random.randint(0, 1000, N), 7, np.zeros(7, dtype=np.int64))
@njit
def bin_counts(ids, nb, out):
    for i in range(ids.shape[0]):
        out[ids[i] % nb] += 1


# caramba: runas halves(np.random.randint(-50, 50, N), np.zeros(N, dtype=np.int64))
@njit
def halves(a, out):
    for i in range(a.shape[0]):
        t = a[i] // 2  # an int64 in Numba for an integer array: floor division, not a float
        out[i] = t * 3


# caramba: runas spectrum_power(np.random.rand(N) + 1j * np.random.rand(N), np.zeros(N))
@njit
def spectrum_power(z, out):
    for i in range(z.shape[0]):
        out[i] = z[i].real * z[i].real + z[i].imag * z[i].imag


# caramba: runas block_sums(np.random.rand(3, 4, 5, 2, 2), np.random.randint(0, 5, (3, 4)), np.zeros((3, 4)))
@njit
def block_sums(G, idx, out):
    # G is 5-D: G[k, e, j] is a 2x2 block, not an element
    for k in range(out.shape[0]):
        for e in range(out.shape[1]):
            out[k, e] = np.sum(G[k, e, idx[k, e]])


# caramba: runas block_traces(np.random.rand(3, 4, 5, 2, 2), np.random.randint(0, 5, (3, 4)), np.zeros((3, 4)))
@njit
def block_traces(G, idx, out):
    for k in range(out.shape[0]):
        for e in range(out.shape[1]):
            blk = G[k, e, idx[k, e]]
            out[k, e] = blk[0, 0] + blk[1, 1]
