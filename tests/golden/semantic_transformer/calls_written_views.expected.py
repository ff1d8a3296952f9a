# Arrays of unknown element type that reach a @pk.function, whose view
# annotation would fix it: `src` only read, `m` written through a row subview
# by the helper. Without recorded types the caller is refused (CRB140).
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
