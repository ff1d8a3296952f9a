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
    if max(a.shape[0] - 2, 0) == 0:
        raise ZeroDivisionError("division by zero in np.mean of an empty array")
    _pk_np_acc2 = 0.0
    for _pk_np_i0 in range(1, a.shape[0] - 1):
        _pk_np_acc2 += a[_pk_np_i0]
    m = (_pk_np_acc2 / max(a.shape[0] - 2, 0))
    # hi = np.max(a)
    if a.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    _pk_np_acc3 = -np.inf
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_v4 = a[_pk_np_i0]
        _pk_np_acc3 = max(_pk_np_acc3, (_pk_np_v4 if _pk_np_v4 == _pk_np_v4 else np.inf))
    if _pk_np_acc3 == np.inf:
        _pk_np_nan5 = 0
        for _pk_np_i0 in range(a.shape[0]):
            _pk_np_v6 = a[_pk_np_i0]
            if _pk_np_v6 != _pk_np_v6:
                _pk_np_nan5 += 1
        if _pk_np_nan5 > 0:
            _pk_np_acc3 = np.nan
    hi = _pk_np_acc3
    # lo = np.min(b[2:])
    if max(b.shape[0] - 2, 0) == 0:
        raise ValueError("zero-size array to reduction operation minimum which has no identity")
    _pk_np_acc7 = np.inf
    for _pk_np_i0 in range(2, b.shape[0]):
        _pk_np_v8 = b[_pk_np_i0]
        _pk_np_acc7 = min(_pk_np_acc7, (_pk_np_v8 if _pk_np_v8 == _pk_np_v8 else -np.inf))
    if _pk_np_acc7 == -np.inf:
        _pk_np_nan9 = 0
        for _pk_np_i0 in range(2, b.shape[0]):
            _pk_np_v10 = b[_pk_np_i0]
            if _pk_np_v10 != _pk_np_v10:
                _pk_np_nan9 += 1
        if _pk_np_nan9 > 0:
            _pk_np_acc7 = np.nan
    lo = _pk_np_acc7
    # d = np.dot(a, b)
    if (a.shape[0] != b.shape[0]):
        raise ValueError("shapes of the vectors of np.dot not aligned")
    _pk_np_acc11 = 0.0
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_acc11 += a[_pk_np_i0] * b[_pk_np_i0]
    d = _pk_np_acc11
    # n = np.linalg.norm(a)
    _pk_np_acc12 = 0.0
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_acc12 += a[_pk_np_i0] * a[_pk_np_i0]
    n = np.sqrt(_pk_np_acc12)
    # p = np.prod(b[:4])
    _pk_np_n13 = min(4, b.shape[0])
    _pk_np_acc14 = 1.0
    for _pk_np_i0 in range(_pk_np_n13):
        _pk_np_acc14 *= b[_pk_np_i0]
    p = _pk_np_acc14
    return s + m + hi + lo + d + n + p


@njit
def total2d(a):
    # return np.sum(a[1:, :] * 2.0)
    _pk_np_acc0 = 0.0
    for _pk_np_i0 in range(1, a.shape[0]):
        for _pk_np_i1 in range(a.shape[1]):
            _pk_np_acc0 += a[_pk_np_i0, _pk_np_i1] * 2.0
    return _pk_np_acc0
