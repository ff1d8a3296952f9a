# Rows and slices passed to helpers are bound to fresh names before the
# statement that uses them; an index expression wraps like Numba's.
from numba import njit, prange


@njit
def total(v):  # expect: CRB132
    s = 0.0
    for k in range(v.shape[0]):
        s += v[k]
    return s


@njit(parallel=True)
def args(m, out):  # expect: CRB140
    for i in prange(m.shape[0]):
        if total(m[i]) > 0.0:
            out[i] = total(m[i, 1:]) + total(m[i - 1])
        else:
            out[i] = total(m[-1, :])
