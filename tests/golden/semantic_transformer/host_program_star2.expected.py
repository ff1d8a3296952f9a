import numpy as np
import pykokkos as pk


# The thesis's star2: nine slice updates of the same interior fuse into one
# parallel nest.
@pk.workunit
def _pk_star2_phase1(tid, a, b, _pk_np_n0: pk.int64, _pk_np_n1: pk.int64, _pk_np_s2: pk.int64, _pk_np_s3: pk.int64, _pk_np_s5: pk.int64, _pk_np_s7: pk.int64):
    _pk_np_i0: pk.int64 = tid
    for _pk_np_i1 in range(_pk_np_n1):
        # b[2:n - 2, 2:m - 2] += 0.4 * a[2:n - 2, 2:m - 2]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.4 * a[2 + _pk_np_i0 * _pk_np_s2][2 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.0625 * a[1:n - 3, 2:m - 2]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.0625 * a[1 + _pk_np_i0 * _pk_np_s2][2 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.0625 * a[3:n - 1, 2:m - 2]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.0625 * a[3 + _pk_np_i0 * _pk_np_s2][2 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 1:m - 3]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.0625 * a[2 + _pk_np_i0 * _pk_np_s2][1 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 3:m - 1]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.0625 * a[2 + _pk_np_i0 * _pk_np_s2][3 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.05 * a[0:n - 4, 2:m - 2]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.05 * a[_pk_np_i0 * _pk_np_s5][2 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.05 * a[4:n, 2:m - 2]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.05 * a[4 + _pk_np_i0 * _pk_np_s2][2 + _pk_np_i1 * _pk_np_s3]
        # b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 0:m - 4]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.05 * a[2 + _pk_np_i0 * _pk_np_s2][_pk_np_i1 * _pk_np_s7]
        # b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 4:m]
        b[_pk_np_i0 + 2][_pk_np_i1 + 2] += 0.05 * a[2 + _pk_np_i0 * _pk_np_s2][4 + _pk_np_i1 * _pk_np_s3]


def star2(a, b):  # expect: CRB523
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
    _pk_np_n6 = min(max(m - 4 + a.shape[1] if m - 4 < 0 else m - 4, 0), a.shape[1])
    _pk_np_s7 = min(_pk_np_n6 - 1, 1)
    if (max(n - 4, 0) != _pk_np_n0 and max(n - 4, 0) != 1) or (_pk_np_n6 != _pk_np_n1 and _pk_np_n6 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.05*a[2:n-2,0:m-4]")
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
        _pk_np_s5=_pk_np_s5,
        _pk_np_s7=_pk_np_s7)
