import numpy as np
from numba import njit


# Evenly spaced values and running sums, as Numba computes them: np.arange's
# length is ceil((stop - start) / step) and a zero step raises; np.linspace
# multiplies its bounds by 1.0 and stores stop itself last; np.cumsum is a
# serial scan of the flattened array with an accumulator of the result's dtype.
@njit("float64[:](float64, float64, float64)")
def poly_samples(lo, hi, h):
    # t = np.arange(lo, hi, h)
    if h == 0:
        raise ValueError("Maximum allowed size exceeded")
    _pk_np_n0 = max(int(np.ceil((hi - lo) / h)), 0)
    t = np.empty(_pk_np_n0, dtype=np.float64)
    for _pk_np_i0 in range(t.shape[0]):
        t[_pk_np_i0] = lo + _pk_np_i0 * h
    # return 3.0 * t ** 3 - t
    _pk_np_r1 = np.empty(_pk_np_n0, dtype=np.float64)
    for _pk_np_i0 in range(t.shape[0]):
        _pk_np_r1[_pk_np_i0] = 3.0 * t[_pk_np_i0] ** 3 - t[_pk_np_i0]
    return _pk_np_r1


@njit("float64(float64, float64, int64)")
def trapz_sin(a, b, n):
    # x = np.linspace(a, b, n)
    _pk_np_lo0 = a * 1.0
    _pk_np_hi1 = b * 1.0
    _pk_np_step2 = (_pk_np_hi1 - _pk_np_lo0) / (n - 1) if n > 1 else -0.0
    _pk_np_last3 = max(n - 1, 1)
    x = np.empty(n, dtype=np.float64)
    for _pk_np_i0 in range(x.shape[0]):
        x[_pk_np_i0] = _pk_np_hi1 if _pk_np_i0 == _pk_np_last3 else _pk_np_lo0 + _pk_np_i0 * _pk_np_step2
    # y = np.sin(x)
    y = np.empty(n, dtype=np.float64)
    for _pk_np_i0 in range(x.shape[0]):
        y[_pk_np_i0] = np.sin(x[_pk_np_i0])
    s = 0.0
    for i in range(n - 1):
        s += 0.5 * (x[i + 1] - x[i]) * (y[i + 1] + y[i])
    return s


@njit("int64[:](int64[:, :])")
def running_counts(counts):
    # total = counts.cumsum()
    _pk_np_n0 = counts.shape[0] * counts.shape[1]
    total = np.empty(_pk_np_n0, dtype=np.int64)
    _pk_np_acc1 = 0
    for _pk_np_i0 in range(counts.shape[0]):
        for _pk_np_i1 in range(counts.shape[1]):
            _pk_np_acc1 += counts[_pk_np_i0, _pk_np_i1]
            total[(_pk_np_i0) * counts.shape[1] + _pk_np_i1] = _pk_np_acc1
    return total

