# --parallelize=auto (default): serial loops proven independent become
# parallel_for / parallel_reduce; written parameters that may overlap another
# array parameter make the caller fall back to the Serial space.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_scale(tid, a, out, s: pk.double):
    i: pk.int64 = tid
    out[i] = a[i] * s + 1.0


def scale(a, out, s):
    _pk_space = pk.Serial if np.may_share_memory(out, a) else pk.get_default_space()
    if out.dtype == bool:
        raise TypeError("'scale': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, a.shape[0]), _pk_scale,
        a=pk.array(a),
        out=pk.array(out),
        s=s)


@pk.workunit
def _pk_total(tid, acc: pk.Acc[pk.double], a):
    i: pk.int64 = tid
    # expect: CRB520
    acc += a[i]


def total(a):
    t = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_total,
        a=pk.array(a))
    return t


@pk.workunit
def _pk_int_total(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.int64]):
    i: pk.int64 = tid
    acc += a[i]


def int_total(a):
    t = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_int_total,
        a=pk.array(a))
    return t


@pk.workunit
def _pk_squares(tid, n: pk.int64, out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = i * i


def squares(n):
    out = np.empty(n)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, int(n)), _pk_squares,
        n=n,
        out=pk.array(out))
    return out


@pk.workunit
def _pk_star(tid, a, b):
    n: pk.int64 = a.extent(0)
    m: pk.int64 = a.extent(1)
    i: pk.int64 = 1 + tid
    for j in range(1, m - 1):
        b[i][j] = 0.5 * a[i][j] + 0.125 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1])


def star(a, b):
    n = a.shape[0]
    _pk_space = pk.Serial if np.may_share_memory(b, a) else pk.get_default_space()
    if b.dtype == bool:
        raise TypeError("'star': 'b' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (b.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, len(range(1, n - 1))), _pk_star,
        a=pk.array(a),
        b=pk.array(b))


@pk.workunit
def _pk_in_place(tid, a):
    i: pk.int64 = tid
    if a[i] < 0.0:
        return
    a[i] = a[i] * 2.0


def in_place(a):
    if a.dtype == bool:
        raise TypeError("'in_place': 'a' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (a.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_in_place,
        a=pk.array(a))
