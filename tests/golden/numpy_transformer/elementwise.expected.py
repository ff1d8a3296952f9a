# Slice assignments and element-wise expressions: Python's slice bounds
# (negative, clipped), NumPy broadcasting (a length-1 dimension has stride 0,
# other mismatches raise ValueError in the caller), and a temporary when the
# right-hand side reads the target through other indices.
import numpy as np
from numba import njit


@njit
def smooth(a, out):
    # out[1:-1] = (a[:-2] + a[1:-1] + a[2:]) / 3.0
    _pk_np_s0 = min(max(a.shape[0] - 2, 0) - 1, 1)
    if (max(a.shape[0] - 2, 0) != max(out.shape[0] - 2, 0) and max(a.shape[0] - 2, 0) != 1):
        raise ValueError("could not broadcast the operands of out[1:-1]=(a[:-2]+a[1:-1]+a[2:])/3.0")
    for _pk_np_i0 in range(1, out.shape[0] - 1):
        out[_pk_np_i0] = (a[(_pk_np_i0 - 1) * _pk_np_s0] + a[1 + (_pk_np_i0 - 1) * _pk_np_s0] + a[2 + (_pk_np_i0 - 1) * _pk_np_s0]) / 3.0


@njit
def shift(a):
    # a[1:] = a[:-1]
    _pk_np_tmp0 = np.empty(max(a.shape[0] - 1, 0))
    for _pk_np_i0 in range(1, a.shape[0]):
        _pk_np_tmp0[_pk_np_i0 - 1] = a[_pk_np_i0 - 1]
    for _pk_np_i0 in range(1, a.shape[0]):
        a[_pk_np_i0] = _pk_np_tmp0[_pk_np_i0 - 1]


@njit("void(float64[:, :], float64[:])")
def add_row(m, v):
    # m[:, 1:] += 2.0 * v[1:]
    _pk_np_s0 = min(max(v.shape[0] - 1, 0) - 1, 1)
    if (max(v.shape[0] - 1, 0) != max(m.shape[1] - 1, 0) and max(v.shape[0] - 1, 0) != 1):
        raise ValueError("could not broadcast the operands of m[:,1:]+=2.0*v[1:]")
    for _pk_np_i0 in range(m.shape[0]):
        for _pk_np_i1 in range(1, m.shape[1]):
            m[_pk_np_i0, _pk_np_i1] += 2.0 * v[1 + (_pk_np_i1 - 1) * _pk_np_s0]


@njit
def rows(a, out):
    for i in range(a.shape[0]):
        # out[i, :] = a[i, :] * (i + 1)
        if (a.shape[1] != out.shape[1] and a.shape[1] != 1):
            raise ValueError("could not broadcast the operands of out[i,:]=a[i,:]*(i+1)")
        _pk_np_s0 = min(a.shape[1] - 1, 1)
        for _pk_np_i0 in range(out.shape[1]):
            out[i, _pk_np_i0] = a[i, _pk_np_i0 * _pk_np_s0] * (i + 1)


@njit
def radius(a, b, r):
    n = a.shape[0]
    for k in range(1, r + 1):
        # b[r:n - r] += a[r - k:n - r - k]
        if (max(min(max((n - r - k) + a.shape[0] if (n - r - k) < 0 else (n - r - k), 0), a.shape[0]) - min(max((r - k) + a.shape[0] if (r - k) < 0 else (r - k), 0), a.shape[0]), 0) != max(min(max((n - r) + b.shape[0] if (n - r) < 0 else (n - r), 0), b.shape[0]) - min(max(r + b.shape[0] if r < 0 else r, 0), b.shape[0]), 0) and max(min(max((n - r - k) + a.shape[0] if (n - r - k) < 0 else (n - r - k), 0), a.shape[0]) - min(max((r - k) + a.shape[0] if (r - k) < 0 else (r - k), 0), a.shape[0]), 0) != 1):
            raise ValueError("could not broadcast the operands of b[r:n-r]+=a[r-k:n-r-k]")
        _pk_np_o0 = min(max(r + b.shape[0] if r < 0 else r, 0), b.shape[0])
        _pk_np_n1 = max(min(max((n - r) + b.shape[0] if (n - r) < 0 else (n - r), 0), b.shape[0]) - _pk_np_o0, 0)
        _pk_np_o2 = min(max((r - k) + a.shape[0] if (r - k) < 0 else (r - k), 0), a.shape[0])
        _pk_np_s3 = min(max(min(max((n - r - k) + a.shape[0] if (n - r - k) < 0 else (n - r - k), 0), a.shape[0]) - min(max((r - k) + a.shape[0] if (r - k) < 0 else (r - k), 0), a.shape[0]), 0) - 1, 1)
        for _pk_np_i0 in range(_pk_np_n1):
            b[_pk_np_o0 + _pk_np_i0] += a[_pk_np_o2 + _pk_np_i0 * _pk_np_s3]


@njit
def kick(v, f, dt):
    # dt may be a scalar or a row broadcast over v[i, :]: both are valid
    # Numba, so nothing is lowered on a guess (recorded types decide).
    for i in range(v.shape[0]):
        v[i, :] += dt * f[i, :]


@njit
def matvec(a, x, y):
    # x is only ever passed whole to np.dot: its rank is not guessed.
    for i in range(a.shape[0]):
        y[i] = np.dot(a[i, :], x)
