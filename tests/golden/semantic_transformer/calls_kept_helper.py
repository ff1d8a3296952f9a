# A helper that a translated kernel and a Numba kernel both call: the
# translated kernel calls its @pk.function copy; the helper itself stays
# Numba code, byte for byte, because the Numba kernel (refused: print) still
# calls it (CRB132).
from numba import njit, prange


@njit
def norm2(v):  # expect: CRB132
    s = 0.0
    for k in range(v.shape[0]):
        s += v[k] * v[k]
    return s


@njit(parallel=True)
def norms(m, out):  # expect: CRB140
    for i in prange(m.shape[0]):
        out[i] = norm2(m[i])


@njit
def report(m):
    print(norm2(m[0]))  # expect: CRB111
