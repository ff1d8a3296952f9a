# --nested-parallel=flatten: two rectangular independent loops become one
# parallel range; tid // count and tid % count give the indices.
# caramba-options: --nested-parallel=flatten
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_star(tid, a, b, _pk_n1: pk.int64):
    n: pk.int64 = a.extent(0)
    m: pk.int64 = a.extent(1)
    i: pk.int64 = 1 + (tid // _pk_n1)
    j: pk.int64 = 1 + (tid % _pk_n1)
    b[i][j] = 0.5 * a[i][j] + 0.125 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1])


def star(a, b):
    n = a.shape[0]
    m = a.shape[1]
    _pk_n1 = len(range(1, m - 1))
    _pk_n = len(range(1, n - 1)) * _pk_n1
    if _pk_n >= 2 ** 31:
        raise OverflowError("star: more than 2**31 flattened iterations; translate with --nested-parallel=outer")
    _pk_space = pk.Serial if np.may_share_memory(b, a) else pk.get_default_space()
    if b.dtype == bool:
        raise TypeError("'star': 'b' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (b.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, _pk_n), _pk_star,
        a=pk.array(a),
        b=pk.array(b),
        _pk_n1=_pk_n1)


@pk.workunit
def _pk_add2d(tid, a, b, c, _pk_n1: pk.int64):
    i: pk.int64 = tid // _pk_n1
    j: pk.int64 = tid % _pk_n1
    c[i][j] = a[i][j] + b[i][j]


def add2d(a, b, c):
    _pk_n1 = a.shape[1]
    _pk_n = a.shape[0] * _pk_n1
    if _pk_n >= 2 ** 31:
        raise OverflowError("add2d: more than 2**31 flattened iterations; translate with --nested-parallel=outer")
    _pk_space = pk.Serial if np.may_share_memory(c, a) or np.may_share_memory(c, b) else pk.get_default_space()
    if c.dtype == bool:
        raise TypeError("'add2d': 'c' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (c.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, _pk_n), _pk_add2d,
        a=pk.array(a),
        b=pk.array(b),
        c=pk.array(c),
        _pk_n1=_pk_n1)


@pk.workunit
def _pk_sum2d(tid, acc: pk.Acc[pk.double], a, _pk_n1: pk.int64):
    i: pk.int64 = tid // _pk_n1
    j: pk.int64 = tid % _pk_n1
    acc += a[i][j]


def sum2d(a):
    _pk_n1 = a.shape[1]
    _pk_n = a.shape[0] * _pk_n1
    if _pk_n >= 2 ** 31:
        raise OverflowError("sum2d: more than 2**31 flattened iterations; translate with --nested-parallel=outer")
    s = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, _pk_n), _pk_sum2d,
        a=pk.array(a),
        _pk_n1=_pk_n1)
    return s
