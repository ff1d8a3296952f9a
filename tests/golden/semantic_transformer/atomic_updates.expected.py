# prange iterations that update shared elements become atomic calls (CRB406):
# the indices and the value are lowered as in any statement, updates of 2-D
# arrays take one index per dimension, a reduction may sit beside them, and the
# caller checks the dtype of an array of unknown dtype that receives floats.
import numpy as np
import pykokkos as pk
import math


@pk.workunit
def _pk_weighted(tid, acc: pk.Acc[pk.double], x: pk.View1D[pk.double], w: pk.View1D[pk.double], lo: pk.double, width: pk.double, hist: pk.View1D[pk.double]):
    i: pk.int64 = tid
    b: pk.int64 = (x[i] - lo) / width
    pk.atomic_add(hist, [((b % int(hist.extent(0)) + int(hist.extent(0))) % int(hist.extent(0)))], w[i])  # expect: CRB406
    acc += w[i]


def weighted(x, w, lo, width, hist):
    total = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_weighted,
        x=pk.array(x),
        w=pk.array(w),
        lo=lo,
        width=width,
        hist=pk.array(hist))
    return total


@pk.workunit
def _pk_springs(tid, pos: pk.View2D[pk.double], edges: pk.View2D[pk.int64], f: pk.View2D[pk.double]):
    e: pk.int64 = tid
    i: pk.int64 = 0
    j: pk.int64 = 0
    _pk_t0: pk.int64 = edges[e][0]
    _pk_t1: pk.int64 = edges[e][1]
    i = _pk_t0
    j = _pk_t1
    for d in range(pos.extent(1)):
        dx: pk.double = pos[j][d] - pos[i][d]
        pk.atomic_add(f, [i, d], dx)  # expect: CRB406
        pk.atomic_fetch_sub(f, [j, d], dx)
        pk.atomic_fetch_mul(f, [j, f.extent(1) - 1], 1.0)


def springs(pos, edges, f):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, edges.shape[0]), _pk_springs,
        pos=pk.array(pos),
        edges=pk.array(edges),
        f=pk.array(f))


@pk.workunit
def _pk_int_updates(tid, idx: pk.View1D[pk.int64], v: pk.View1D[pk.int64], top: pk.View1D[pk.int64], bits: pk.View1D[pk.int64]):
    i: pk.int64 = tid
    pk.atomic_fetch_max(top, [idx[i]], v[i])  # expect: CRB406
    _pk_t0: pk.int64 = math.floor(idx[i] / 2)
    pk.atomic_fetch_or(bits, [_pk_t0], 1 << (((v[i] % 8 + 8) % 8)))  # expect: CRB406


def int_updates(idx, v, top, bits):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, idx.shape[0]), _pk_int_updates,
        idx=pk.array(idx),
        v=pk.array(v),
        top=pk.array(top),
        bits=pk.array(bits))


@pk.workunit
def _pk_degrees(tid, edges, n: pk.int64, deg: pk.View1D[pk.int64]):
    e: pk.int64 = tid
    pk.atomic_add(deg, [edges[e][0]], 1)  # expect: CRB406
    pk.atomic_add(deg, [edges[e][1]], 1)


def degrees(edges, n):
    deg = np.zeros(n, dtype=np.int64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, edges.shape[0]), _pk_degrees,
        edges=pk.array(edges),
        n=n,
        deg=pk.array(deg))
    return deg


@pk.workunit
def _pk_rows(tid, a, out):
    i: pk.int64 = tid
    for j in range(a.extent(1)):
        out[i] += a[i][j]


def rows(a, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_rows,
        a=pk.array(a),
        out=pk.array(out))
