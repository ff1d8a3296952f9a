# Slices the SubviewTransformer cannot bind: the kernels stay Numba code.
from numba import njit


@njit
def total(v):  # expect: CRB132
    s = 0.0
    for k in range(v.shape[0]):
        s += v[k]
    return s


@njit
def stepped(a):
    b = a[::2]  # expect: CRB306
    return b[0]


@njit
def rebound(m):
    s = 0.0
    for i in range(m.shape[0]):
        row = m[i, :]  # expect: CRB307
        s += row[0]
    row = m[0, :]  # expect: CRB307
    return s + row[1]


@njit
def escapes(m):
    s = 0.0
    for i in range(m.shape[0]):
        row = m[i, :]  # expect: CRB307
        s += row[0]
    return s + row[0]


@njit
def in_condition(m):  # expect: CRB140
    i = 0
    while total(m[i]) > 0.0 and i < m.shape[0] - 1:  # expect: CRB308
        i += 1
    return i
