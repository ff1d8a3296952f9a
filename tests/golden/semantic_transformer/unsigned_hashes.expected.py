# Hashes on NumPy's unsigned scalars: Numba computes uint32 with uint32 in
# uint64 and a uint64 with an int in int64, so the translation widens or
# converts those operands through typed temporaries, folds casts of literals
# into their values (a uint64 constant at or above 2**63 is spelled as the
# negative int64 with its bits), and leaves the uint64 arithmetic alone.
import numpy as np
from numba import njit
import pykokkos as pk


@pk.workunit
def _pk_fnv1a_32(tid, acc: pk.Acc[pk.uint64], data: pk.View1D[pk.uint8]):
    h: pk.uint64 = 2166136261
    for i in range(data.extent(0)):
        h ^= data[i]
        h *= 16777619
    acc += h


def fnv1a_32(data):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_fnv1a_32, data=pk.array(data)))


@pk.workunit
def _pk_mask_low(tid, _pk_acc: pk.Acc[pk.uint64], keys: pk.View1D[pk.uint64]):
    acc: pk.uint64 = -3750763034362895579
    for i in range(keys.extent(0)):
        acc = (acc ^ keys[i]) * 1099511628211
        _pk_t0: pk.int64 = acc
        if _pk_t0 & 1:
            acc = acc >> 1
    _pk_acc += acc


def mask_low(keys):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_mask_low, keys=pk.array(keys)))


@pk.workunit
def _pk_uint8_checksum(tid, acc: pk.Acc[pk.uint64], buf: pk.View1D[pk.uint8]):
    c: pk.uint8 = 0
    for i in range(buf.extent(0)):
        _pk_t0: pk.uint64 = c
        c = _pk_t0 + buf[i]
    acc += c


def uint8_checksum(buf):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_uint8_checksum, buf=pk.array(buf)))


@njit("int64(uint64[:], int64)")
def larger_than(keys, limit):
    n = 0
    for i in range(keys.shape[0]):
        if keys[i] > limit:  # expect: CRB128
            n += 1
    return n
