# Numba computes scalar integer arithmetic in 64 bits: a sum or product of
# int32 elements, and a difference of uint8 bytes (a uint64 in Numba), get a
# 64-bit temporary so C++ computes them as Numba does (integer_semantics.py's
# int32_accumulate); math.radians/degrees are products with Numba's constants
# (geospatial.py), and ord('G') of a one-character literal is its code (sequence_alignment.py).
import math
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_int32_accumulate(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.int32]):
    i: pk.int64 = tid
    _pk_t0: pk.int64 = a[i]
    acc += _pk_t0 * 3 + a[i]


def int32_accumulate(a):
    s = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_int32_accumulate,
        a=pk.array(a))
    return s


@pk.workunit
def _pk_byte_steps(tid, buf: pk.View1D[pk.uint8], out: pk.View1D[pk.int64]):
    i: pk.int64 = 1 + tid
    _pk_t0: pk.uint64 = buf[i]
    out[i] = _pk_t0 - buf[i - 1]


def byte_steps(buf, out):
    _pk_space = pk.Serial if np.may_share_memory(out, buf) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, len(range(1, buf.shape[0]))), _pk_byte_steps,
        buf=pk.array(buf),
        out=pk.array(out))


@pk.workunit
def _pk_angles(tid, x: pk.View1D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = (math.atan(x[i]) * 57.29577951308232) + (x[i] * 0.017453292519943295)


def angles(x, out):
    _pk_space = pk.Serial if np.may_share_memory(out, x) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, x.shape[0]), _pk_angles,
        x=pk.array(x),
        out=pk.array(out))


@pk.workunit
def _pk_count_gc(tid, acc: pk.Acc[pk.int64], seq: pk.View1D[pk.uint8]):
    i: pk.int64 = tid
    if seq[i] == 71 or seq[i] == 67:
        acc += 1


def count_gc(seq):
    n = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, seq.shape[0]), _pk_count_gc,
        seq=pk.array(seq))
    return n
