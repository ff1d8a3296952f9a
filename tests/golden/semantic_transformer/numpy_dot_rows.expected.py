# np.dot and np.linalg.norm of indexed arrays: the arguments must be vectors,
# so `x` is 2-D and the reductions loop over its rows (was CRB208: "x[i] is
# not an array here", with `x` taken as 1-D).
import numpy as np
import pykokkos as pk
import math


@pk.workunit
def _pk_gram(tid, x, out):
    n: pk.int64 = x.extent(0)
    i: pk.int64 = tid
    for j in range(n):
        # out[i, j] = np.dot(x[i], x[j]) / np.linalg.norm(x[j])
        _pk_np_acc0: pk.double = 0.0
        for _pk_np_i0 in range(x.extent(1)):
            _pk_np_acc0 += x[i][_pk_np_i0] * x[j][_pk_np_i0]
        _pk_np_acc1: pk.double = 0.0
        for _pk_np_i0 in range(x.extent(1)):
            _pk_np_acc1 += x[j][_pk_np_i0] * x[j][_pk_np_i0]
        out[i][j] = _pk_np_acc0 / math.sqrt(_pk_np_acc1)


def gram(x, out):
    n = x.shape[0]
    if out.dtype == bool:
        raise TypeError("'gram': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, int(n)), _pk_gram,
        x=pk.array(x),
        out=pk.array(out))
