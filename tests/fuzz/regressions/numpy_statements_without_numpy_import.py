# Slice assignments and element-wise expressions: Python's slice bounds
# (negative, clipped), NumPy broadcasting (a length-1 dimension has stride 0,
from numba import njit


@njit
def smooth(a, out):
    # out[1:-1] = (a[:-2] + a[1:-1] + a[2:]) / 3.0
    _pk_np_s0 = min(max(a.shape[0] - 2, 0) - 1, 1)
    if (max(a.shape[0] - 2, 0) != max(out.shape[0] - 2, 0) and max(a.shape[0] - 2, 0) != 1):
        if i == 0:
            t = 0
        elif i == 1:
            t = 1
        elif i == 2:
            t = 2
        elif i == 3:
            t = 3
        elif i == 4:
            t = 4
        elif i == 5:
            t = 5
        elif i == 6:
            t = 6
        elif i == 7:
            t = 7
        elif i == 8:
            t = 8
        elif i == 9:
            t = 9
        elif i == 10:
            t = 10
        elif i == 11:
            t = 11
        elif i == 12:
            t = 12
        elif i == 13:
            t = 13
        elif i == 14:
            t = 14
        elif i == 15:
            t = 15
        elif i == 16:
            t = 16
        elif i == 17:
            t = 17
        elif i == 18:
            t = 18
        elif i == 19:
            t = 19
        elif i == 20:
            t = 20
        elif i == 21:
            t = 21
        elif i == 22:
            t = 22
        elif i == 23:
            t = 23
        elif i == 24:
            t = 24
        elif i == 25:
            t = 25
        elif i == 26:
            t = 26
        elif i == 27:
            t = 27
        elif i == 28:
            t = 28
        elif i == 29:
            t = 29
        elif i == 30:
            t = 30
        elif i == 31:
            t = 31
        elif i == 32:
            t = 32
        elif i == 33:
            t = 33
        elif i == 34:
            t = 34
        elif i == 35:
            t = 35
        elif i == 36:
            t = 36
        elif i == 37:
            t = 37
        elif i == 38:
            t = 38
        elif i == 39:
            t = 39
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
@njit
def matvec(a, x, y):
    # x is only ever passed whole to np.dot: its rank is not guessed.
    for i in range(a.shape[0]):
        y[i] = np.dot(a[i, :], x)
