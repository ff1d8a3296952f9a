import numpy as np
from numba import njit


# NumPy's shape checks that a workunit cannot run (they depend on a flag, or
# on a value a loop computes) run on the host, where they are plain Python.
@njit
def _pk_branch_phase1(a, out, _pk_np_s0: "int64"):
    for _pk_np_i0 in range(1, out.shape[0]):
            out[_pk_np_i0] = a[1 + (_pk_np_i0 - 1) * _pk_np_s0] * 2.0


def branch(a, out, flag):  # expect: CRB523
    if flag:
        # out[1:] = a[1:] * 2.0
        if (max(a.shape[0] - 1, 0) != max(out.shape[0] - 1, 0) and max(a.shape[0] - 1, 0) != 1):
                raise ValueError("could not broadcast the operands of out[1:]=a[1:]*2.0")
        _pk_np_s0 = min(max(a.shape[0] - 1, 0) - 1, 1)
        _pk_branch_phase1(a, out, _pk_np_s0)


@njit
def _pk_computed_phase1(a):
    k = 0
    for i in range(a.shape[0]):
        k += 1
    return k


@njit
def _pk_computed_phase2(a, out, _pk_np_n1: "int64", _pk_np_o0: "int64", _pk_np_o2: "int64", _pk_np_s4: "int64"):
    # out[k:] = a[k:]
    for _pk_np_i0 in range(_pk_np_n1):
            out[_pk_np_o0 + _pk_np_i0] = a[_pk_np_o2 + _pk_np_i0 * _pk_np_s4]


def computed(a, out):  # expect: CRB523
    k = _pk_computed_phase1(a)
    _pk_np_o0 = min(max(k + out.shape[0] if k < 0 else k, 0), out.shape[0])
    _pk_np_n1 = max(out.shape[0] - _pk_np_o0, 0)
    _pk_np_o2 = min(max(k + a.shape[0] if k < 0 else k, 0), a.shape[0])
    _pk_np_n3 = max(a.shape[0] - _pk_np_o2, 0)
    _pk_np_s4 = min(_pk_np_n3 - 1, 1)
    if (_pk_np_n3 != _pk_np_n1 and _pk_np_n3 != 1):
            raise ValueError("could not broadcast the operands of out[k:]=a[k:]")
    _pk_computed_phase2(a, out, _pk_np_n1, _pk_np_o0, _pk_np_o2, _pk_np_s4)
