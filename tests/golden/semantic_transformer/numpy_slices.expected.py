# NumPy slice assignments and reductions end to end: the NumpyTransformer's
# loops become the workunit; its shape checks run in the caller, inside the
# range loops that enclose them in the kernel (or under `if len(range(...))`
# when they do not use the loop variable).
import numpy as np
import pykokkos as pk
import math


@pk.workunit
def _pk_star2_phase1(tid, a, b, _pk_np_n0: pk.int64, _pk_np_n1: pk.int64, _pk_np_s2: pk.int64, _pk_np_s3: pk.int64, _pk_np_s5: pk.int64):
    _pk_np_i0: pk.int64 = tid
    for _pk_np_i1 in range(_pk_np_n1):
        # b[2:n - 2, 2:m - 2] += 0.4 * a[2:n - 2, 2:m - 2]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.4 * a[2 + _pk_np_i0 * _pk_np_s2][2 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.05 * a[0:n - 4, 2:m - 2]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.05 * a[_pk_np_i0 * _pk_np_s5][2 + _pk_np_i1 * _pk_np_s3]


def star2(a, b):
    n = a.shape[0]
    m = a.shape[1]
    _pk_np_n0 = max(min(max(n - 2 + b.shape[0] if n - 2 < 0 else n - 2, 0), b.shape[0]) - 2, 0)
    _pk_np_n1 = max(min(max(m - 2 + b.shape[1] if m - 2 < 0 else m - 2, 0), b.shape[1]) - 2, 0)
    _pk_np_s2 = min(max(n - 4, 0) - 1, 1)
    _pk_np_s3 = min(max(m - 4, 0) - 1, 1)
    if (max(n - 4, 0) != _pk_np_n0 and max(n - 4, 0) != 1) or (max(m - 4, 0) != _pk_np_n1 and max(m - 4, 0) != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.4*a[2:n-2,2:m-2]")
    _pk_np_n4 = min(max(n - 4 + a.shape[0] if n - 4 < 0 else n - 4, 0), a.shape[0])
    _pk_np_s5 = min(_pk_np_n4 - 1, 1)
    if (_pk_np_n4 != _pk_np_n0 and _pk_np_n4 != 1) or (max(m - 4, 0) != _pk_np_n1 and max(m - 4, 0) != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.05*a[0:n-4,2:m-2]")
    _pk_space = pk.Serial if np.may_share_memory(b, a) else pk.get_default_space()
    if b.dtype == bool:
        raise TypeError("'star2': 'b' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (b.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, int(_pk_np_n0)), _pk_star2_phase1,
        a=pk.array(a),
        b=pk.array(b),
        _pk_np_n0=_pk_np_n0,
        _pk_np_n1=_pk_np_n1,
        _pk_np_s2=_pk_np_s2,
        _pk_np_s3=_pk_np_s3,
        _pk_np_s5=_pk_np_s5)


@pk.workunit
def _pk_radius_phase1(tid, a, b, _pk_np_n1: pk.int64, _pk_np_o0: pk.int64, _pk_np_o2: pk.int64, _pk_np_s3: pk.int64):
    _pk_np_i0: pk.int64 = tid
    b[_pk_np_o0 + _pk_np_i0] += a[_pk_np_o2 + _pk_np_i0 * _pk_np_s3]


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
        _pk_space = pk.Serial if np.may_share_memory(b, a) else pk.get_default_space()
        if b.dtype == bool:
            raise TypeError("'radius': 'b' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (b.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
        pk.parallel_for(pk.RangePolicy(_pk_space, 0, int(_pk_np_n1)), _pk_radius_phase1,
            a=pk.array(a),
            b=pk.array(b),
            _pk_np_n1=_pk_np_n1,
            _pk_np_o0=_pk_np_o0,
            _pk_np_o2=_pk_np_o2,
            _pk_np_s3=_pk_np_s3)


@pk.workunit
def _pk_rows(tid, a, out):
    i: pk.int64 = tid
    # out[i, :] = a[i, :] * (i + 1)
    _pk_t0: pk.int64 = int(a.extent(1)) - 1
    if 1 < _pk_t0:
        _pk_t0 = 1
    _pk_np_s0: pk.int64 = _pk_t0
    for _pk_np_i0 in range(out.extent(1)):
        out[i][_pk_np_i0] = a[i][_pk_np_i0 * _pk_np_s0] * (i + 1)


def rows(a, out):
    if len(range(a.shape[0])) > 0:
        if (int(a.shape[1]) != int(out.shape[1]) and int(a.shape[1]) != 1):
            raise ValueError("could not broadcast the operands of out[i,:]=a[i,:]*(i+1)")
    _pk_space = pk.Serial if np.may_share_memory(out, a) else pk.get_default_space()
    if out.dtype == bool:
        raise TypeError("'rows': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, a.shape[0]), _pk_rows,
        a=pk.array(a),
        out=pk.array(out))


# caramba: runas spread(np.random.rand(N))
@pk.workunit
def _pk_spread_phase1(tid, a: pk.View1D[pk.double], _pk__pk_np_acc0: pk.View1D[pk.double]):
    _pk_np_i0: pk.int64 = tid
    _pk_np_v1: pk.double = a[_pk_np_i0]
    _pk_t0: pk.double = 0.0
    if _pk_np_v1 == _pk_np_v1:
        _pk_t0 = _pk_np_v1
    else:
        _pk_t0 = math.inf
    pk.atomic_fetch_max(_pk__pk_np_acc0, [0], (_pk_t0))


@pk.workunit
def _pk_spread_phase2(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.double]):
    _pk_np_i0: pk.int64 = tid
    _pk_np_v3: pk.double = a[_pk_np_i0]
    if _pk_np_v3 != _pk_np_v3:
        acc += 1


@pk.workunit
def _pk_spread_phase3(tid, a: pk.View1D[pk.double], _pk__pk_np_acc4: pk.View1D[pk.double]):
    _pk_np_i0: pk.int64 = tid
    _pk_np_v5: pk.double = a[_pk_np_i0]
    _pk_t0: pk.double = 0.0
    if _pk_np_v5 == _pk_np_v5:
        _pk_t0 = _pk_np_v5
    else:
        _pk_t0 = -math.inf
    pk.atomic_fetch_min(_pk__pk_np_acc4, [0], (_pk_t0))


@pk.workunit
def _pk_spread_phase4(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.double]):
    _pk_np_i0: pk.int64 = tid
    _pk_np_v7: pk.double = a[_pk_np_i0]
    if _pk_np_v7 != _pk_np_v7:
        acc += 1


def spread(a):
    # return np.max(a) - np.min(a)
    if a.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    _pk_np_acc0 = -np.inf
    _pk__pk_np_acc0 = np.full(1, _pk_np_acc0, dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_spread_phase1,
        a=pk.array(a),
        _pk__pk_np_acc0=pk.array(_pk__pk_np_acc0))
    _pk_np_acc0 = _pk__pk_np_acc0[0].item()
    if _pk_np_acc0 == np.inf:
        _pk_np_nan2 = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_spread_phase2,
            a=pk.array(a))
        if _pk_np_nan2 > 0:
            _pk_np_acc0 = np.nan
    _pk_np_acc4 = np.inf
    _pk__pk_np_acc4 = np.full(1, _pk_np_acc4, dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_spread_phase3,
        a=pk.array(a),
        _pk__pk_np_acc4=pk.array(_pk__pk_np_acc4))
    _pk_np_acc4 = _pk__pk_np_acc4[0].item()
    if _pk_np_acc4 == -np.inf:
        _pk_np_nan6 = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_spread_phase4,
            a=pk.array(a))
        if _pk_np_nan6 > 0:
            _pk_np_acc4 = np.nan
    return _pk_np_acc0 - _pk_np_acc4
