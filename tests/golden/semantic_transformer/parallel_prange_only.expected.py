# --parallelize=prange: explicit prange loops only.
# caramba-options: --parallelize=prange
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_scale(tid, a, out, s: pk.double):
    for i in range(a.extent(0)):
        out[i] = a[i] * s


def scale(a, out, s):
    if out.dtype == bool:
        raise TypeError("'scale': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_scale,
        a=pk.array(a),
        out=pk.array(out),
        s=s)


@pk.workunit
def _pk_pscale(tid, a, out, s: pk.double):
    i: pk.int64 = tid
    out[i] = a[i] * s


def pscale(a, out, s):
    if out.dtype == bool:
        raise TypeError("'pscale': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_pscale,
        a=pk.array(a),
        out=pk.array(out),
        s=s)
