# A helper that a translated kernel and a Numba kernel both call: the
# translated kernel calls its @pk.function copy; the helper itself stays
# Numba code, byte for byte, because the Numba kernel (refused: print) still
# calls it (CRB132).
from numba import njit, prange
import pykokkos as pk
import numpy as np


@pk.function
def _pk_fn_norm2(v: pk.View1D[pk.double]) -> pk.double:
    # expect: CRB132
    s: pk.double = 0.0
    for k in range(v.extent(0)):
        s += v[k] * v[k]
    return s


@njit
def norm2(v):  # expect: CRB132
    s = 0.0
    for k in range(v.extent(0)):
        s += v[k] * v[k]
    return s


@pk.workunit
def _pk_norms(tid, m, out):
    i: pk.int64 = tid
    _pk_sv0 = m[i, :]
    out[i] = _pk_fn_norm2(_pk_sv0)


def norms(m, out):
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, m.shape[0]), _pk_norms,
        m=pk.array(np.asarray(m, dtype=np.float64)),
        out=pk.array(out))


@njit
def report(m):
    print(norm2(m[0]))  # expect: CRB111
