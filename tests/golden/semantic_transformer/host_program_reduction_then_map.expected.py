import math

import numpy as np
import pykokkos as pk


# A sum comes back from its phase (its initialisation moves into the phase);
# the host computes the norm and allocates the result.
@pk.workunit
def _pk_normalize_phase1(tid, acc: pk.Acc[pk.double], x):
    i: pk.int64 = tid
    acc += x[i] * x[i]


@pk.workunit
def _pk_normalize_phase2(tid, x, out, norm: pk.double):
    i: pk.int64 = tid
    out[i] = x[i] / norm


def normalize(x):  # expect: CRB523
    s = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_normalize_phase1,
        x=pk.array(x))
    norm = math.sqrt(s)
    out = np.empty_like(x)
    if out.dtype == bool:
        raise TypeError("'normalize': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_normalize_phase2,
        x=pk.array(x),
        out=pk.array(out),
        norm=norm)
    return out


# A serial loop (it reads the previous element) is a phase of its own, then
# the map after it runs in parallel; `total` is read on the host.
@pk.workunit
def _pk_prefix_then_scale_phase1(tid, a, n: pk.int64, c):
    for i in range(1, n):
        c[i] = c[i - 1] + a[i]


@pk.workunit
def _pk_prefix_then_scale_phase2(tid, n: pk.int64, c, total: pk.double):
    i: pk.int64 = tid
    c[i] = c[i] / total


def prefix_then_scale(a):  # expect: CRB523
    n = a.shape[0]
    c = np.empty(n)
    c[0] = a[0]
    if c.dtype == bool:
        raise TypeError("'prefix_then_scale': 'c' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (c.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_prefix_then_scale_phase1,
        a=pk.array(a),
        n=n,
        c=pk.array(c))
    total = c[n - 1]
    if c.dtype == bool:
        raise TypeError("'prefix_then_scale': 'c' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (c.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, int(n)), _pk_prefix_then_scale_phase2,
        n=n,
        c=pk.array(c),
        total=total)
    return c
