# Column j - 1 of the array whose column j is written (adi) needs no
# temporary; a chained assignment of arrays (covariance) is one loop per
# target; np.logical_and & co and np.less are element-wise bools.
import numpy as np
from numba import njit


@njit("void(int64, float64[:, :])")
def sweep(N, p):
    for j in range(1, N - 1):
        # p[1:N - 1, j] = -0.5 / (0.25 * p[1:N - 1, j - 1] + 2.0)
        _pk_np_n0 = max(min(max(N - 1 + p.shape[0] if N - 1 < 0 else N - 1, 0), p.shape[0]) - 1, 0)
        for _pk_np_i0 in range(_pk_np_n0):
            p[_pk_np_i0 + 1, j] = -0.5 / (0.25 * p[_pk_np_i0 + 1, j - 1] + 2.0)


@njit("float64[:, :](int64, float64[:, :])")
def symmetric(M, data):
    cov = np.zeros((M, M))
    for i in range(M):
        # cov[i:M, i] = cov[i, i:M] = data[:, i] @ data[:, i:M]
        _pk_np_o0 = min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1])
        if (max(min(max(M + data.shape[1] if M < 0 else M, 0), data.shape[1]) - min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1]), 0) != max(min(max(M + cov.shape[0] if M < 0 else M, 0), cov.shape[0]) - min(max(i + cov.shape[0] if i < 0 else i, 0), cov.shape[0]), 0) and max(min(max(M + data.shape[1] if M < 0 else M, 0), data.shape[1]) - min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1]), 0) != 1):
            raise ValueError("could not broadcast the operands of cov[i:M,i]=cov[i,i:M]=data[:,i]@data[:,i:M]")
        _pk_np_o1 = min(max(i + cov.shape[0] if i < 0 else i, 0), cov.shape[0])
        _pk_np_n2 = max(min(max(M + cov.shape[0] if M < 0 else M, 0), cov.shape[0]) - _pk_np_o1, 0)
        _pk_np_s3 = min(max(min(max(M + data.shape[1] if M < 0 else M, 0), data.shape[1]) - min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1]), 0) - 1, 1)
        for _pk_np_i0 in range(_pk_np_n2):
            _pk_np_b4 = _pk_np_i0 * _pk_np_s3
            _pk_np_acc5 = 0.0
            for _pk_np_k6 in range(data.shape[0]):
                _pk_np_acc5 += data[_pk_np_k6, i] * data[_pk_np_k6, _pk_np_o0 + _pk_np_b4]
            cov[_pk_np_o1 + _pk_np_i0, i] = _pk_np_acc5
        _pk_np_o7 = min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1])
        if (max(min(max(M + data.shape[1] if M < 0 else M, 0), data.shape[1]) - min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1]), 0) != max(min(max(M + cov.shape[1] if M < 0 else M, 0), cov.shape[1]) - min(max(i + cov.shape[1] if i < 0 else i, 0), cov.shape[1]), 0) and max(min(max(M + data.shape[1] if M < 0 else M, 0), data.shape[1]) - min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1]), 0) != 1):
            raise ValueError("could not broadcast the operands of cov[i:M,i]=cov[i,i:M]=data[:,i]@data[:,i:M]")
        _pk_np_o8 = min(max(i + cov.shape[1] if i < 0 else i, 0), cov.shape[1])
        _pk_np_n9 = max(min(max(M + cov.shape[1] if M < 0 else M, 0), cov.shape[1]) - _pk_np_o8, 0)
        _pk_np_s10 = min(max(min(max(M + data.shape[1] if M < 0 else M, 0), data.shape[1]) - min(max(i + data.shape[1] if i < 0 else i, 0), data.shape[1]), 0) - 1, 1)
        for _pk_np_i0 in range(_pk_np_n9):
            _pk_np_b11 = _pk_np_i0 * _pk_np_s10
            _pk_np_acc12 = 0.0
            for _pk_np_k13 in range(data.shape[0]):
                _pk_np_acc12 += data[_pk_np_k13, i] * data[_pk_np_k13, _pk_np_o7 + _pk_np_b11]
            cov[i, _pk_np_o8 + _pk_np_i0] = _pk_np_acc12
    return cov


@njit("void(float64[:], float64[:], uint8[:])")
def masks(x, y, out):
    # out[:] = np.logical_or(np.less(x, y), np.logical_not(y))
    _pk_np_s0 = min(x.shape[0] - 1, 1)
    _pk_np_s1 = min(y.shape[0] - 1, 1)
    if (x.shape[0] != out.shape[0] and x.shape[0] != 1) or (y.shape[0] != out.shape[0] and y.shape[0] != 1):
        raise ValueError("could not broadcast the operands of out[:]=np.logical_or(np.less(x,y),np.logical_not(y))")
    for _pk_np_i0 in range(out.shape[0]):
        out[_pk_np_i0] = ((((x[_pk_np_i0 * _pk_np_s0] < y[_pk_np_i0 * _pk_np_s1])) != 0) | (((y[_pk_np_i0 * _pk_np_s1] == 0)) != 0))
