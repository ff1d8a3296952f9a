# Reductions become accumulator loops before their statement. np.max/np.min of
# an empty array and np.mean of one raise (guards the caller performs); np.dot
# checks the vector lengths.
import numpy as np
from numba import njit


@njit
def stats(a, b):
    # s = np.sum(a) + a.sum()
    _pk_np_acc0 = 0.0
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_acc0 += a[_pk_np_i0]
    _pk_np_acc1 = 0.0
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_acc1 += a[_pk_np_i0]
    s = _pk_np_acc0 + _pk_np_acc1
    # m = np.mean(a[1:-1])
    _pk_np_o2 = min(1, a.shape[0])
    _pk_np_e3 = max(a.shape[0] - 1, 0)
    _pk_np_n4 = max(_pk_np_e3 - _pk_np_o2, 0)
    if _pk_np_n4 == 0:
        raise ZeroDivisionError("division by zero in np.mean of an empty array")
    _pk_np_acc5 = 0.0
    for _pk_np_i0 in range(_pk_np_n4):
        _pk_np_acc5 += a[_pk_np_o2 + _pk_np_i0]
    m = (_pk_np_acc5 / _pk_np_n4)
    # hi = np.max(a)
    if a.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    _pk_np_acc6 = a[0]
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_v7 = a[_pk_np_i0]
        if _pk_np_v7 > _pk_np_acc6 or _pk_np_v7 != _pk_np_v7:
            _pk_np_acc6 = _pk_np_v7
    hi = _pk_np_acc6
    # lo = np.min(b[2:])
    _pk_np_o8 = min(2, b.shape[0])
    _pk_np_n9 = max(b.shape[0] - _pk_np_o8, 0)
    if _pk_np_n9 == 0:
        raise ValueError("zero-size array to reduction operation minimum which has no identity")
    _pk_np_acc10 = b[_pk_np_o8 + 0]
    for _pk_np_i0 in range(_pk_np_n9):
        _pk_np_v11 = b[_pk_np_o8 + _pk_np_i0]
        if _pk_np_v11 < _pk_np_acc10 or _pk_np_v11 != _pk_np_v11:
            _pk_np_acc10 = _pk_np_v11
    lo = _pk_np_acc10
    # d = np.dot(a, b)
    if (a.shape[0] != b.shape[0]):
        raise ValueError("shapes of the vectors of np.dot not aligned")
    _pk_np_acc12 = 0.0
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_acc12 += a[_pk_np_i0] * b[_pk_np_i0]
    d = _pk_np_acc12
    # n = np.linalg.norm(a)
    _pk_np_acc13 = 0.0
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_acc13 += a[_pk_np_i0] * a[_pk_np_i0]
    n = np.sqrt(_pk_np_acc13)
    # p = np.prod(b[:4])
    _pk_np_e14 = min(4, b.shape[0])
    _pk_np_acc15 = 1.0
    for _pk_np_i0 in range(_pk_np_e14):
        _pk_np_acc15 *= b[_pk_np_i0]
    p = _pk_np_acc15
    return s + m + hi + lo + d + n + p


@njit
def total2d(a):
    # return np.sum(a[1:, :] * 2.0)
    _pk_np_o0 = min(1, a.shape[0])
    _pk_np_n1 = max(a.shape[0] - _pk_np_o0, 0)
    _pk_np_acc2 = 0.0
    for _pk_np_i0 in range(_pk_np_n1):
        for _pk_np_i1 in range(a.shape[1]):
            _pk_np_acc2 += a[_pk_np_o0 + _pk_np_i0, _pk_np_i1] * 2.0
    return _pk_np_acc2
