# A parallel helper called from a kernel: its @pk.function copy runs its
# prange loop serially inside the caller's thread (note CRB510), as Numba
# runs prange without parallel=True; the helper keeps its own parallel
# translation for Python callers.
from numba import njit, prange


@njit(parallel=True)
def row_total(v):  # expect: CRB510
    s = 0.0
    for k in prange(v.shape[0]):
        s += v[k]
    return s


@njit("void(float64[:, :], float64[:])", parallel=True)
def totals(m, out):
    for i in prange(m.shape[0]):
        out[i] = row_total(m[i])
