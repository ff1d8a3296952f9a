# Matrix products, outer products, transposes, flips, slice steps and axis
# reductions: each is one operand whose element is read at permuted,
# reversed or strided indices, or accumulated privately in the loop body.
import numpy as np
from numba import njit


@njit("void(float64[:, :], float64[:], float64[:])")
def mvt(A, x, y):
    # y[:] = A @ x
    if (A.shape[1] != x.shape[0]):
        raise ValueError("incompatible array sizes for the matrix product A@x")
    _pk_np_s0 = min(A.shape[0] - 1, 1)
    if (A.shape[0] != y.shape[0] and A.shape[0] != 1):
        raise ValueError("could not broadcast the operands of y[:]=A@x")
    for _pk_np_i0 in range(y.shape[0]):
        _pk_np_b1 = _pk_np_i0 * _pk_np_s0
        _pk_np_acc2 = 0.0
        for _pk_np_k3 in range(A.shape[1]):
            _pk_np_acc2 += A[_pk_np_b1, _pk_np_k3] * x[_pk_np_k3]
        y[_pk_np_i0] = _pk_np_acc2
    # x += y @ A
    if (y.shape[0] != A.shape[0]):
        raise ValueError("incompatible array sizes for the matrix product y@A")
    _pk_np_s4 = min(A.shape[1] - 1, 1)
    if (A.shape[1] != x.shape[0] and A.shape[1] != 1):
        raise ValueError("could not broadcast the operands of x+=y@A")
    for _pk_np_i0 in range(x.shape[0]):
        _pk_np_b5 = _pk_np_i0 * _pk_np_s4
        _pk_np_acc6 = 0.0
        for _pk_np_k7 in range(y.shape[0]):
            _pk_np_acc6 += y[_pk_np_k7] * A[_pk_np_k7, _pk_np_b5]
        x[_pk_np_i0] += _pk_np_acc6


@njit("void(float64, float64[:, :], float64[:, :], float64[:, :])")
def gemm(alpha, C, A, B):
    # C[:] = alpha * A @ B + C
    if (A.shape[1] != B.shape[0]):
        raise ValueError("incompatible array sizes for the matrix product alpha*A@B")
    _pk_np_s0 = min(A.shape[0] - 1, 1)
    _pk_np_s1 = min(B.shape[1] - 1, 1)
    if (A.shape[0] != C.shape[0] and A.shape[0] != 1) or (B.shape[1] != C.shape[1] and B.shape[1] != 1):
        raise ValueError("could not broadcast the operands of C[:]=alpha*A@B+C")
    for _pk_np_i0 in range(C.shape[0]):
        for _pk_np_i1 in range(C.shape[1]):
            _pk_np_b2 = _pk_np_i0 * _pk_np_s0
            _pk_np_b3 = _pk_np_i1 * _pk_np_s1
            _pk_np_acc4 = 0.0
            for _pk_np_k5 in range(A.shape[1]):
                _pk_np_acc4 += (alpha * A[_pk_np_b2, _pk_np_k5]) * B[_pk_np_k5, _pk_np_b3]
            C[_pk_np_i0, _pk_np_i1] = _pk_np_acc4 + C[_pk_np_i0, _pk_np_i1]


@njit("float64(float64[:, :], float64[:], int64)")
def trisolv_row(L, x, i):
    # return L[i, :i] @ x[:i]
    _pk_np_n0 = min(max(i + L.shape[1] if i < 0 else i, 0), L.shape[1])
    _pk_np_n1 = min(max(i + x.shape[0] if i < 0 else i, 0), x.shape[0])
    if (_pk_np_n0 != _pk_np_n1):
        raise ValueError("shapes of the vectors of np.dot not aligned")
    _pk_np_acc2 = 0.0
    for _pk_np_i0 in range(_pk_np_n0):
        _pk_np_acc2 += L[i, _pk_np_i0] * x[_pk_np_i0]
    return _pk_np_acc2


@njit(boundscheck=True, nogil=True)
def rank_one(A, u, v):
    # A += np.outer(u, v)
    _pk_np_s0 = min(u.shape[0] - 1, 1)
    _pk_np_s1 = min(v.shape[0] - 1, 1)
    if (u.shape[0] != A.shape[0] and u.shape[0] != 1) or (v.shape[0] != A.shape[1] and v.shape[0] != 1):
        raise ValueError("could not broadcast the operands of A+=np.outer(u,v)")
    for _pk_np_i0 in range(A.shape[0]):
        for _pk_np_i1 in range(A.shape[1]):
            _pk_np_b2 = _pk_np_i0 * _pk_np_s0
            _pk_np_b3 = _pk_np_i1 * _pk_np_s1
@njit("void(float64[:, :], float64[:, :], float64[:])")
def transposed(out, A, r):
    # out[:] = A.T + np.transpose(A)
    _pk_np_s0 = min(A.shape[1] - 1, 1)
    _pk_np_s1 = min(A.shape[0] - 1, 1)
    if (A.shape[1] != out.shape[0] and A.shape[1] != 1) or (A.shape[0] != out.shape[1] and A.shape[0] != 1):
        raise ValueError("could not broadcast the operands of out[:]=A.T+np.transpose(A)")
    for _pk_np_i0 in range(out.shape[0]):
        for _pk_np_i1 in range(out.shape[1]):
            out[_pk_np_i0, _pk_np_i1] = A[_pk_np_i1 * _pk_np_s1, _pk_np_i0 * _pk_np_s0] + A[_pk_np_i1 * _pk_np_s1, _pk_np_i0 * _pk_np_s0]
    # r[:] = np.flip(r) * 0.5
    _pk_np_s2 = min(r.shape[0] - 1, 1)
    if (r.shape[0] != r.shape[0] and r.shape[0] != 1):
        raise ValueError("could not broadcast the operands of r[:]=np.flip(r)*0.5")
    _pk_np_tmp3 = np.empty(r.shape[0])
    for _pk_np_i0 in range(r.shape[0]):
        _pk_np_tmp3[_pk_np_i0] = r[r.shape[0] - 1 - (_pk_np_i0 * _pk_np_s2)] * 0.5
    for _pk_np_i0 in range(r.shape[0]):
        r[_pk_np_i0] = _pk_np_tmp3[_pk_np_i0]


@njit("void(float64[:], int64[:], float64[:, :])")
def axis_sums(mean, best, data):
    # mean[:] = np.sum(data, axis=0) / data.shape[0]
    _pk_np_s0 = min(data.shape[1] - 1, 1)
    if (data.shape[1] != mean.shape[0] and data.shape[1] != 1):
        raise ValueError("could not broadcast the operands of mean[:]=np.sum(data,axis=0)/data.shape[0]")
    for _pk_np_i0 in range(mean.shape[0]):
        _pk_np_b1 = _pk_np_i0 * _pk_np_s0
        _pk_np_acc2 = 0.0
        for _pk_np_k3 in range(data.shape[0]):
            _pk_np_acc2 += data[_pk_np_k3, _pk_np_b1]
        mean[_pk_np_i0] = _pk_np_acc2 / data.shape[0]
    # best[:] = data.argmax(axis=1)
    if (data.shape[1] == 0):
        raise ValueError("attempt to get argmax of an empty sequence")
    _pk_np_s4 = min(data.shape[0] - 1, 1)
    if (data.shape[0] != best.shape[0] and data.shape[0] != 1):
        raise ValueError("could not broadcast the operands of best[:]=data.argmax(axis=1)")
    for _pk_np_i0 in range(best.shape[0]):
        _pk_np_b5 = _pk_np_i0 * _pk_np_s4
        _pk_np_best8 = data[_pk_np_b5, 0]
        _pk_np_acc6 = 0
        for _pk_np_k7 in range(data.shape[1]):
            _pk_np_v9 = data[_pk_np_b5, _pk_np_k7]
            if _pk_np_v9 > _pk_np_best8 or (_pk_np_v9 != _pk_np_v9 and _pk_np_best8 == _pk_np_best8):
                _pk_np_best8 = _pk_np_v9
                _pk_np_acc6 = _pk_np_k7
        best[_pk_np_i0] = _pk_np_acc6
if n > 0:
    if j0 > 1:
        if j1 > 2:
            if j2 > 3:
                if j3 > 4:
                    if j4 > 5:
                        if j5 > 6:
                            if j6 > 7:
                                if j7 > 8:
                                    if j8 > 9:
                                        if j9 > 10:
                                            if j10 > 11:
                                                if j11 > 12:
                                                    if j12 > 13:
                                                        if j13 > 14:
                                                            if j14 > 15:
                                                                if j15 > 16:
                                                                    if j16 > 17:
                                                                        if j17 > 18:
                                                                            if j18 > 19:
                                                                                if j19 > 20:
                                                                                    if j20 > 21:
                                                                                        if j21 > 22:
                                                                                            if j22 > 23:
                                                                                                if j23 > 24:
                                                                                                    if j24 > 25:
                                                                                                        if j25 > 26:
                                                                                                            if j26 > 27:
                                                                                                                if j27 > 28:
                                                                                                                    if j28 > 29:
                                                                                                                        if j29 > 30:
                                                                                                                            if j30 > 31:
                                                                                                                                if j31 > 32:
                                                                                                                                    if j32 > 33:
                                                                                                                                        if j33 > 34:
                                                                                                                                            if j34 > 35:
                                                                                                                                                if j35 > 36:
                                                                                                                                                    if j36 > 37:
                                                                                                                                                        if j37 > 38:
                                                                                                                                                            if j38 > 39:
                                                                                                                                                                if j39 > 40:
                                                                                                                                                                    if j40 > 41:
                                                                                                                                                                        if j41 > 42:
                                                                                                                                                                            if j42 > 43:
                                                                                                                                                                                if j43 > 44:
                                                                                                                                                                                    if j44 > 45:
                                                                                                                                                                                        if j45 > 46:
                                                                                                                                                                                            if j46 > 47:
                                                                                                                                                                                                if j47 > 48:
                                                                                                                                                                                                    if j48 > 49:
                                                                                                                                                                                                        if j49 > 50:
                                                                                                                                                                                                            if j50 > 51:
                                                                                                                                                                                                                if j51 > 52:
                                                                                                                                                                                                                    if j52 > 53:
                                                                                                                                                                                                                        if j53 > 54:
                                                                                                                                                                                                                            if j54 > 55:
                                                                                                                                                                                                                                if j55 > 56:
                                                                                                                                                                                                                                    if j56 > 57:
                                                                                                                                                                                                                                        if j57 > 58:
                                                                                                                                                                                                                                            if j58 > 59:
                                                                                                                                                                                                                                                if j59 > 60:
                                                                                                                                                                                                                                                    if j60 > 61:
                                                                                                                                                                                                                                                        if j61 > 62:
                                                                                                                                                                                                                                                            if j62 > 63:
                                                                                                                                                                                                                                                                if j63 > 64:
                                                                                                                                                                                                                                                                    if j64 > 65:
                                                                                                                                                                                                                                                                        if j65 > 66:
                                                                                                                                                                                                                                                                            if j66 > 67:
                                                                                                                                                                                                                                                                                if j67 > 68:
                                                                                                                                                                                                                                                                                    if j68 > 69:
                                                                                                                                                                                                                                                                                        if j69 > 70:
                                                                                                                                                                                                                                                                                            if j70 > 71:
                                                                                                                                                                                                                                                                                                if j71 > 72:
                                                                                                                                                                                                                                                                                                    if j72 > 73:
                                                                                                                                                                                                                                                                                                        if j73 > 74:
                                                                                                                                                                                                                                                                                                            if j74 > 75:
                                                                                                                                                                                                                                                                                                                if j75 > 76:
                                                                                                                                                                                                                                                                                                                    if j76 > 77:
                                                                                                                                                                                                                                                                                                                        if j77 > 78:
                                                                                                                                                                                                                                                                                                                            if j78 > 79:
                                                                                                                                                                                                                                                                                                                                if j79 > 80:
                                                                                                                                                                                                                                                                                                                                    if j80 > 81:
                                                                                                                                                                                                                                                                                                                                        if j81 > 82:
                                                                                                                                                                                                                                                                                                                                            if j82 > 83:
                                                                                                                                                                                                                                                                                                                                                if j83 > 84:
                                                                                                                                                                                                                                                                                                                                                    if j84 > 85:
                                                                                                                                                                                                                                                                                                                                                        if j85 > 86:
                                                                                                                                                                                                                                                                                                                                                            if j86 > 87:
                                                                                                                                                                                                                                                                                                                                                                if j87 > 88:
                                                                                                                                                                                                                                                                                                                                                                    if j88 > 89:
                                                                                                                                                                                                                                                                                                                                                                        if j89 > 90:
                                                                                                                                                                                                                                                                                                                                                                            if j90 > 91:
                                                                                                                                                                                                                                                                                                                                                                                if j91 > 92:
                                                                                                                                                                                                                                                                                                                                                                                    if j92 > 93:
                                                                                                                                                                                                                                                                                                                                                                                        if j93 > 94:
                                                                                                                                                                                                                                                                                                                                                                                            if j94 > 95:
                                                                                                                                                                                                                                                                                                                                                                                                if j95 > 96:
                                                                                                                                                                                                                                                                                                                                                                                                    if j96 > 97:
                                                                                                                                                                                                                                                                                                                                                                                                        if j97 > 98:
                                                                                                                                                                                                                                                                                                                                                                                                            if j98 > 99:
                                                                                                                                                                                                                                                                                                                                                                                                                if j99 > 100:
                                                                                                                                                                                                                                                                                                                                                                                                                    if j100 > 101:
                                                                                                                                                                                                                                                                                                                                                                                                                        if j101 > 102:
                                                                                                                                                                                                                                                                                                                                                                                                                            if j102 > 103:
                                                                                                                                                                                                                                                                                                                                                                                                                                if j103 > 104:
                                                                                                                                                                                                                                                                                                                                                                                                                                    if j104 > 105:
                                                                                                                                                                                                                                                                                                                                                                                                                                        if j105 > 106:
                                                                                                                                                                                                                                                                                                                                                                                                                                            if j106 > 107:
                                                                                                                                                                                                                                                                                                                                                                                                                                                if j107 > 108:
                                                                                                                                                                                                                                                                                                                                                                                                                                                    if j108 > 109:
                                                                                                                                                                                                                                                                                                                                                                                                                                                        if j109 > 110:
                                                                                                                                                                                                                                                                                                                                                                                                                                                            if j110 > 111:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                if j111 > 112:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                    if j112 > 113:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                        if j113 > 114:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                            if j114 > 115:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                if j115 > 116:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    if j116 > 117:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                        if j117 > 118:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                            if j118 > 119:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                if j119 > 120:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    if j120 > 121:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                        if j121 > 122:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                            if j122 > 123:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                if j123 > 124:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    if j124 > 125:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                        if j125 > 126:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                            if j126 > 127:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                if j127 > 128:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    if j128 > 129:
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                        t = n // (n - 1) % 3


@njit("void(float64[:], float64[:])")
def strided(signal, out):
    # out[:] = signal[::2] - signal[1::2]
    _pk_np_n0 = max((signal.shape[0] - 0 + 1) // 2, 0)
    _pk_np_n1 = max((signal.shape[0] - 1 + 1) // 2, 0)
    _pk_np_s2 = min(_pk_np_n0 - 1, 1)
    _pk_np_s3 = min(_pk_np_n1 - 1, 1)
    if (_pk_np_n0 != out.shape[0] and _pk_np_n0 != 1) or (_pk_np_n1 != out.shape[0] and _pk_np_n1 != 1):
        raise ValueError("could not broadcast the operands of out[:]=signal[::2]-signal[1::2]")
    for _pk_np_i0 in range(out.shape[0]):
        out[_pk_np_i0] = signal[(_pk_np_i0 * _pk_np_s2) * 2] - signal[1 + (_pk_np_i0 * _pk_np_s3) * 2]

