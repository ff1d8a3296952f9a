# prange iterations that update shared elements become atomic calls (CRB406):
# the indices and the value are lowered as in any statement, updates of 2-D
# arrays take one index per dimension, a reduction may sit beside them, and the
# caller checks the dtype of an array of unknown dtype that receives floats.
import numpy as np
from numba import njit, prange


@njit("float64(float64[:], float64[:], float64, float64, float64[:])", parallel=True)
def weighted(x, w, lo, width, hist):
    total = 0.0
    for i in prange(x.shape[0]):
        b = int((x[i] - lo) / width)
        hist[b % hist.shape[0]] += w[i]  # expect: CRB406
        total += w[i]
    return total


@njit("void(float64[:, :], int64[:, :], float64[:, :])", parallel=True)
def springs(pos, edges, f):
    for e in prange(edges.shape[0]):
        i, j = edges[e, 0], edges[e, 1]
        for d in range(pos.shape[1]):
            dx = pos[j, d] - pos[i, d]
            f[i, d] += dx  # expect: CRB406
            f[j, d] = f[j, d] - dx
            f[j, -1] *= 1.0


@njit("void(int64[:], int64[:], int64[:], int64[:])", parallel=True)
def int_updates(idx, v, top, bits):
    for i in prange(idx.shape[0]):
        top[idx[i]] = max(v[i], top[idx[i]])  # expect: CRB406
        bits[idx[i] // 2] |= 1 << (v[i] % 8)  # expect: CRB406


@njit(parallel=True)
def degrees(edges, n):
    deg = np.zeros(n, dtype=np.int64)
    for e in prange(edges.shape[0]):
        deg[edges[e, 0]] += 1  # expect: CRB406
        deg[edges[e, 1]] += 1
    return deg


@njit(parallel=True)
def rows(a, out):
    for i in prange(a.shape[0]):
        for j in range(a.shape[1]):
            out[i] += a[i, j]
