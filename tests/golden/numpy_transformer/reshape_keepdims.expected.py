import numpy as np
from numba import njit


# Numba has no keepdims: the row sums come back as a column through
# np.reshape, which reads the flat position of each element; an extent
# `x.shape[0]` is x's own, so the division broadcasts only the column.
@njit("float64[:, :](float64[:, :])")
def normalise_rows(x):
    # e = np.exp(x)
    e = np.empty((x.shape[0], x.shape[1]), dtype=np.float64)
    for _pk_np_i0 in range(x.shape[0]):
        for _pk_np_i1 in range(x.shape[1]):
            e[_pk_np_i0, _pk_np_i1] = np.exp(x[_pk_np_i0, _pk_np_i1])
    # s = np.reshape(np.sum(e, axis=-1), (x.shape[0], 1))
    if (x.shape[0] != x.shape[0] * 1):
        raise ValueError("total size of new array must be unchanged")
    s = np.empty((x.shape[0], 1), dtype=np.float64)
    for _pk_np_i0 in range(x.shape[0]):
        for _pk_np_i1 in range(1):
            _pk_np_acc0 = 0.0
            for _pk_np_k1 in range(x.shape[1]):
                _pk_np_acc0 += e[_pk_np_i0, _pk_np_k1]
            s[_pk_np_i0, _pk_np_i1] = _pk_np_acc0
    # return e / s
    _pk_np_n3 = max(x.shape[1], 1) * min(x.shape[1], 1, 1)
    if (x.shape[1] != _pk_np_n3 and x.shape[1] != 1) or (1 != _pk_np_n3 and 1 != 1):
        raise ValueError("operands could not be broadcast together in returne/s")
    _pk_np_s4 = min(x.shape[1] - 1, 1)
    _pk_np_s5 = min(1 - 1, 1)
    _pk_np_r2 = np.empty((x.shape[0], _pk_np_n3), dtype=np.float64)
    for _pk_np_i0 in range(e.shape[0]):
        for _pk_np_i1 in range(_pk_np_n3):
            _pk_np_r2[_pk_np_i0, _pk_np_i1] = e[_pk_np_i0, _pk_np_i1 * _pk_np_s4] / s[_pk_np_i0, _pk_np_i1 * _pk_np_s5]
    return _pk_np_r2
