# Arrays whose dtype is only assumed (CRB501) and that reach a @pk.function:
# `src` is only read, so the caller passes it as float64 (no copy when it is);
# `m` is written through a row subview by the helper, so it is passed as it
# is, and the runtime rejects another dtype at the call (note CRB511).
from numba import njit, prange


@njit
def fill(v, x):  # expect: CRB132
    for k in range(v.shape[0]):
        v[k] = x


@njit
def first(v):  # expect: CRB140
    return v[0]


@njit(parallel=True)
def rows(m, src):  # expect: CRB140
    for i in prange(m.shape[0]):
        fill(m[i], first(src[i]))
