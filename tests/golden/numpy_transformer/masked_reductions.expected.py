import numpy as np
from numba import njit


# Reductions of the elements a boolean mask selects: one loop over the vector
# with the mask as its condition. The mean counts first (Numba raises
# ZeroDivisionError for an empty selection), then sums; a selection bound to
# a name and only reduced is read through the mask where it is reduced.
@njit("float64[:](float64[:], float64[:], int64)")
def azimint_naive(data, radius, npt):
    # rmax = radius.max()
    if radius.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    _pk_np_acc0 = -np.inf
    for _pk_np_i0 in range(radius.shape[0]):
        _pk_np_v1 = radius[_pk_np_i0]
        _pk_np_acc0 = max(_pk_np_acc0, (_pk_np_v1 if _pk_np_v1 == _pk_np_v1 else np.inf))
    if _pk_np_acc0 == np.inf:
        _pk_np_nan2 = 0
        for _pk_np_i0 in range(radius.shape[0]):
            _pk_np_v3 = radius[_pk_np_i0]
            if _pk_np_v3 != _pk_np_v3:
                _pk_np_nan2 += 1
        if _pk_np_nan2 > 0:
            _pk_np_acc0 = np.nan
    rmax = _pk_np_acc0
    res = np.zeros(npt, dtype=np.float64)
    mask_r12 = np.empty(radius.shape[0], dtype=np.uint8)
    for i in range(npt):
        r1 = rmax * i / npt
        r2 = rmax * (i + 1) / npt
        # mask_r12 = np.logical_and((r1 <= radius), (radius < r2))
        for _pk_np_i0 in range(radius.shape[0]):
            mask_r12[_pk_np_i0] = ((((r1 <= radius[_pk_np_i0])) != 0) & (((radius[_pk_np_i0] < r2)) != 0))
        # values_r12 = data[mask_r12]  (its reductions read data where the mask holds)
        # res[i] = np.mean(values_r12)
        if (radius.shape[0] != data.shape[0]):
            raise IndexError("boolean index did not match indexed array in np.mean(values_r12)")
        _pk_np_c5 = 0
        for _pk_np_i0 in range(data.shape[0]):
            if mask_r12[_pk_np_i0]:
                _pk_np_c5 += 1
        if _pk_np_c5 == 0:
            raise ZeroDivisionError("division by zero in np.mean of an empty array")
        _pk_np_acc4 = 0.0
        for _pk_np_i0 in range(data.shape[0]):
            if mask_r12[_pk_np_i0]:
                _pk_np_acc4 += data[_pk_np_i0]
        res[i] = (_pk_np_acc4 / _pk_np_c5)
    return res


@njit("float64(float64[:], float64)")
def excess_total(x, threshold):
    # return np.sum(x[x > threshold])
    _pk_np_acc0 = 0.0
    for _pk_np_i0 in range(x.shape[0]):
        if x[_pk_np_i0] > threshold:
            _pk_np_acc0 += x[_pk_np_i0]
    return _pk_np_acc0

