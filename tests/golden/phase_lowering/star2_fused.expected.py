import numpy as np
from numba import njit


# The thesis's star2: nine slice updates of the same interior fuse into one
# parallel nest.
@njit
def _pk_star2_phase1(a, b, _pk_np_n4: "int64", _pk_np_n7: "int64", _pk_np_o2: "int64", _pk_np_o5: "int64", _pk_np_o8: "int64", _pk_np_s14: "int64", _pk_np_o11: "int64", _pk_np_s15: "int64", _pk_np_o17: "int64", _pk_np_s20: "int64", _pk_np_o22: "int64", _pk_np_s25: "int64", _pk_np_o27: "int64", _pk_np_s30: "int64", _pk_np_o32: "int64", _pk_np_s35: "int64", _pk_np_s38: "int64", _pk_np_o39: "int64", _pk_np_s42: "int64", _pk_np_s45: "int64", _pk_np_o46: "int64", _pk_np_s49: "int64"):
    for _pk_np_i0 in range(_pk_np_n4):
        for _pk_np_i1 in range(_pk_np_n7):
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.4 * a[_pk_np_o8 + _pk_np_i0 * _pk_np_s14, _pk_np_o11 + _pk_np_i1 * _pk_np_s15]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.0625 * a[_pk_np_o17 + _pk_np_i0 * _pk_np_s20, _pk_np_o11 + _pk_np_i1 * _pk_np_s15]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.0625 * a[_pk_np_o22 + _pk_np_i0 * _pk_np_s25, _pk_np_o11 + _pk_np_i1 * _pk_np_s15]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.0625 * a[_pk_np_o8 + _pk_np_i0 * _pk_np_s14, _pk_np_o27 + _pk_np_i1 * _pk_np_s30]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.0625 * a[_pk_np_o8 + _pk_np_i0 * _pk_np_s14, _pk_np_o32 + _pk_np_i1 * _pk_np_s35]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.05 * a[_pk_np_i0 * _pk_np_s38, _pk_np_o11 + _pk_np_i1 * _pk_np_s15]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.05 * a[_pk_np_o39 + _pk_np_i0 * _pk_np_s42, _pk_np_o11 + _pk_np_i1 * _pk_np_s15]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.05 * a[_pk_np_o8 + _pk_np_i0 * _pk_np_s14, _pk_np_i1 * _pk_np_s45]
            b[_pk_np_o2 + _pk_np_i0, _pk_np_o5 + _pk_np_i1] += 0.05 * a[_pk_np_o8 + _pk_np_i0 * _pk_np_s14, _pk_np_o46 + _pk_np_i1 * _pk_np_s49]


def star2(a, b):  # expect: CRB523
    n = a.shape[0]
    m = a.shape[1]
    # b[2:n - 2, 2:m - 2] += 0.4 * a[2:n - 2, 2:m - 2]
    _pk_np_b0 = n - 2
    _pk_np_b1 = m - 2
    _pk_np_o2 = min(2, b.shape[0])
    _pk_np_e3 = min(max(_pk_np_b0 + b.shape[0] if _pk_np_b0 < 0 else _pk_np_b0, 0), b.shape[0])
    _pk_np_n4 = max(_pk_np_e3 - _pk_np_o2, 0)
    _pk_np_o5 = min(2, b.shape[1])
    _pk_np_e6 = min(max(_pk_np_b1 + b.shape[1] if _pk_np_b1 < 0 else _pk_np_b1, 0), b.shape[1])
    _pk_np_n7 = max(_pk_np_e6 - _pk_np_o5, 0)
    _pk_np_o8 = min(2, a.shape[0])
    _pk_np_e9 = min(max(_pk_np_b0 + a.shape[0] if _pk_np_b0 < 0 else _pk_np_b0, 0), a.shape[0])
    _pk_np_n10 = max(_pk_np_e9 - _pk_np_o8, 0)
    _pk_np_o11 = min(2, a.shape[1])
    _pk_np_e12 = min(max(_pk_np_b1 + a.shape[1] if _pk_np_b1 < 0 else _pk_np_b1, 0), a.shape[1])
    _pk_np_n13 = max(_pk_np_e12 - _pk_np_o11, 0)
    _pk_np_s14 = min(_pk_np_n10 - 1, 1)
    _pk_np_s15 = min(_pk_np_n13 - 1, 1)
    if (_pk_np_n10 != _pk_np_n4 and _pk_np_n10 != 1) or (_pk_np_n13 != _pk_np_n7 and _pk_np_n13 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.4*a[2:n-2,2:m-2]")
    # b[2:n - 2, 2:m - 2] += 0.0625 * a[1:n - 3, 2:m - 2]
    _pk_np_b16 = n - 3
    _pk_np_o17 = min(1, a.shape[0])
    _pk_np_e18 = min(max(_pk_np_b16 + a.shape[0] if _pk_np_b16 < 0 else _pk_np_b16, 0), a.shape[0])
    _pk_np_n19 = max(_pk_np_e18 - _pk_np_o17, 0)
    _pk_np_s20 = min(_pk_np_n19 - 1, 1)
    if (_pk_np_n19 != _pk_np_n4 and _pk_np_n19 != 1) or (_pk_np_n13 != _pk_np_n7 and _pk_np_n13 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.0625*a[1:n-3,2:m-2]")
    # b[2:n - 2, 2:m - 2] += 0.0625 * a[3:n - 1, 2:m - 2]
    _pk_np_b21 = n - 1
    _pk_np_o22 = min(3, a.shape[0])
    _pk_np_e23 = min(max(_pk_np_b21 + a.shape[0] if _pk_np_b21 < 0 else _pk_np_b21, 0), a.shape[0])
    _pk_np_n24 = max(_pk_np_e23 - _pk_np_o22, 0)
    _pk_np_s25 = min(_pk_np_n24 - 1, 1)
    if (_pk_np_n24 != _pk_np_n4 and _pk_np_n24 != 1) or (_pk_np_n13 != _pk_np_n7 and _pk_np_n13 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.0625*a[3:n-1,2:m-2]")
    # b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 1:m - 3]
    _pk_np_b26 = m - 3
    _pk_np_o27 = min(1, a.shape[1])
    _pk_np_e28 = min(max(_pk_np_b26 + a.shape[1] if _pk_np_b26 < 0 else _pk_np_b26, 0), a.shape[1])
    _pk_np_n29 = max(_pk_np_e28 - _pk_np_o27, 0)
    _pk_np_s30 = min(_pk_np_n29 - 1, 1)
    if (_pk_np_n10 != _pk_np_n4 and _pk_np_n10 != 1) or (_pk_np_n29 != _pk_np_n7 and _pk_np_n29 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.0625*a[2:n-2,1:m-3]")
    # b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 3:m - 1]
    _pk_np_b31 = m - 1
    _pk_np_o32 = min(3, a.shape[1])
    _pk_np_e33 = min(max(_pk_np_b31 + a.shape[1] if _pk_np_b31 < 0 else _pk_np_b31, 0), a.shape[1])
    _pk_np_n34 = max(_pk_np_e33 - _pk_np_o32, 0)
    _pk_np_s35 = min(_pk_np_n34 - 1, 1)
    if (_pk_np_n10 != _pk_np_n4 and _pk_np_n10 != 1) or (_pk_np_n34 != _pk_np_n7 and _pk_np_n34 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.0625*a[2:n-2,3:m-1]")
    # b[2:n - 2, 2:m - 2] += 0.05 * a[0:n - 4, 2:m - 2]
    _pk_np_b36 = n - 4
    _pk_np_e37 = min(max(_pk_np_b36 + a.shape[0] if _pk_np_b36 < 0 else _pk_np_b36, 0), a.shape[0])
    _pk_np_s38 = min(_pk_np_e37 - 1, 1)
    if (_pk_np_e37 != _pk_np_n4 and _pk_np_e37 != 1) or (_pk_np_n13 != _pk_np_n7 and _pk_np_n13 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.05*a[0:n-4,2:m-2]")
    # b[2:n - 2, 2:m - 2] += 0.05 * a[4:n, 2:m - 2]
    _pk_np_o39 = min(4, a.shape[0])
    _pk_np_e40 = min(max(n + a.shape[0] if n < 0 else n, 0), a.shape[0])
    _pk_np_n41 = max(_pk_np_e40 - _pk_np_o39, 0)
    _pk_np_s42 = min(_pk_np_n41 - 1, 1)
    if (_pk_np_n41 != _pk_np_n4 and _pk_np_n41 != 1) or (_pk_np_n13 != _pk_np_n7 and _pk_np_n13 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.05*a[4:n,2:m-2]")
    # b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 0:m - 4]
    _pk_np_b43 = m - 4
    _pk_np_e44 = min(max(_pk_np_b43 + a.shape[1] if _pk_np_b43 < 0 else _pk_np_b43, 0), a.shape[1])
    _pk_np_s45 = min(_pk_np_e44 - 1, 1)
    if (_pk_np_n10 != _pk_np_n4 and _pk_np_n10 != 1) or (_pk_np_e44 != _pk_np_n7 and _pk_np_e44 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.05*a[2:n-2,0:m-4]")
    # b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 4:m]
    _pk_np_o46 = min(4, a.shape[1])
    _pk_np_e47 = min(max(m + a.shape[1] if m < 0 else m, 0), a.shape[1])
    _pk_np_n48 = max(_pk_np_e47 - _pk_np_o46, 0)
    _pk_np_s49 = min(_pk_np_n48 - 1, 1)
    if (_pk_np_n10 != _pk_np_n4 and _pk_np_n10 != 1) or (_pk_np_n48 != _pk_np_n7 and _pk_np_n48 != 1):
        raise ValueError("could not broadcast the operands of b[2:n-2,2:m-2]+=0.05*a[2:n-2,4:m]")
    _pk_star2_phase1(a, b, _pk_np_n4, _pk_np_n7, _pk_np_o2, _pk_np_o5, _pk_np_o8, _pk_np_s14, _pk_np_o11, _pk_np_s15, _pk_np_o17, _pk_np_s20, _pk_np_o22, _pk_np_s25, _pk_np_o27, _pk_np_s30, _pk_np_o32, _pk_np_s35, _pk_np_s38, _pk_np_o39, _pk_np_s42, _pk_np_s45, _pk_np_o46, _pk_np_s49)
