# prange iterations that update shared elements become atomic calls (CRB406):
# the indices and the value are lowered as in any statement, updates of 2-D
# arrays take one index per dimension, a reduction may sit beside them, and the
# caller checks the dtype of an array of unknown dtype that receives floats.
import numpy as np
import pykokkos as pk


@pk.function
def _pk_floordiv(a: pk.int64, b: pk.int64) -> pk.int64:
    # Python's a // b on int64, as Numba computes it: rounded toward minus
    # infinity and exact on all of int64 (the dialect's `//` truncates to 32
    # bits, a double quotient is wrong above 2**53). On a pk.int64 local
    # `/=` is C++'s integer division, which truncates toward zero: one less
    # when the remainder is non-zero and its sign differs from b's.
    # b == 0 gives 0, Numba's answer under NumPy's error model (where it
    # raises, the translation calls the _checked form, which reports it).
    # b == -1 is negation, with Numba's 0 for -2**63 (C++ traps there).
    if b == 0:
        return 0
    if b == -1:
        if a < -9223372036854775807:
            return 0
        return -a
    q: pk.int64 = a
    q /= b
    r: pk.int64 = a - q * b
    if r != 0 and (r < 0) != (b < 0):
        q -= 1
    return q


@pk.function
def _pk_mod(a: pk.int64, b: pk.int64) -> pk.int64:
    # Python's a % b on int64, as Numba computes it: the sign of b. The
    # dialect's `%` is C's remainder (the sign of a): add b when the signs
    # differ (no overflow: r and b have opposite signs).
    # b == 0 gives 0 (NumPy's error model; the _checked form reports it).
    # b == -1 gives 0 (C++ traps on -2**63 % -1).
    if b == 0 or b == -1:
        return 0
    r: pk.int64 = a % b
    if r != 0 and (r < 0) != (b < 0):
        r += b
    return r


@pk.workunit
def _pk_weighted(tid, acc: pk.Acc[pk.double], x: pk.View1D[pk.double], w: pk.View1D[pk.double], lo: pk.double, width: pk.double, hist: pk.View1D[pk.double]):
    i: pk.int64 = tid
    b: pk.int64 = (x[i] - lo) / width
    pk.atomic_add(hist, [_pk_mod(b, int(hist.extent(0)))], w[i])  # expect: CRB406
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
    pk.atomic_fetch_or(bits, [_pk_floordiv(idx[i], 2)], 1 << (((v[i] % 8 + 8) % 8)))  # expect: CRB406


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
    if out.dtype == bool:
        raise TypeError("'rows': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_rows,
        a=pk.array(a),
        out=pk.array(out))
