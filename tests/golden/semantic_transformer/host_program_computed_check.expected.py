import numpy as np
import pykokkos as pk


# The shape check of a slice whose bound the kernel reads from an element
# cannot run in a caller before the kernel; the host program runs it where it
# stands, between its scalar statements and the phase.
@pk.workunit
def _pk_head_copy_phase1(tid, a: pk.View1D[pk.double], b: pk.View1D[pk.double], _pk_np_n0: pk.int64, _pk_np_s2: pk.int64):
    # b[:k] = a[:k] * 2.0
    _pk_np_i0: pk.int64 = tid
    b[_pk_np_i0] = a[_pk_np_i0 * _pk_np_s2] * 2.0


def head_copy(a, b):  # expect: CRB523
    k = int(a[0] * 10.0)
    _pk_np_n0 = min(max(k + b.shape[0] if k < 0 else k, 0), b.shape[0])
    _pk_np_n1 = min(max(k + a.shape[0] if k < 0 else k, 0), a.shape[0])
    _pk_np_s2 = min(_pk_np_n1 - 1, 1)
    if (_pk_np_n1 != _pk_np_n0 and _pk_np_n1 != 1):
        raise ValueError("could not broadcast the operands of b[:k]=a[:k]*2.0")
    _pk_space = pk.Serial if np.may_share_memory(b, a) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, int(_pk_np_n0)), _pk_head_copy_phase1,
        a=pk.array(a),
        b=pk.array(b),
        _pk_np_n0=_pk_np_n0,
        _pk_np_s2=_pk_np_s2)
