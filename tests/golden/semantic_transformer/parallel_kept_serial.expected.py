# Loops the dependence analysis cannot prove independent keep the serial
# one-index dispatch, unchanged from --parallelize=none.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_prefix_sum(tid, a, out):
    out[0] = a[0]
    for i in range(1, a.extent(0)):
        out[i] = out[i - 1] + a[i]


def prefix_sum(a, out):
    if out.dtype == bool:
        raise TypeError("'prefix_sum': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_prefix_sum,
        a=pk.array(a),
        out=pk.array(out))


@pk.workunit
def _pk_carried(tid, a, out):
    prev: pk.double = 0.0
    for i in range(a.extent(0)):
        out[i] = a[i] - prev
        prev = a[i]


def carried(a, out):
    if out.dtype == bool:
        raise TypeError("'carried': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_carried, a=pk.array(a), out=pk.array(out))


@pk.workunit
def _pk_scatter(tid, idx, a, out):
    for i in range(a.extent(0)):
        out[idx[i]] = a[i]


def scatter(idx, a, out):
    if out.dtype == bool:
        raise TypeError("'scatter': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_scatter,
        idx=pk.array(idx),
        a=pk.array(a),
        out=pk.array(out))
