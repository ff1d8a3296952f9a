# Hashes on NumPy's unsigned scalars: Numba computes uint32 with uint32 in
# uint64 and a uint64 with an int in int64, so the translation widens or
# converts those operands through typed temporaries, folds casts of literals
# into their values (a uint64 constant at or above 2**63 is spelled as the
# negative int64 with its bits), and leaves the uint64 arithmetic alone.
import numpy as np
from numba import njit


@njit("uint64(uint8[:])")
def fnv1a_32(data):
    h = np.uint32(2166136261)
    for i in range(data.shape[0]):
        h ^= np.uint32(data[i])
        h *= np.uint32(16777619)
    return h


@njit("uint64(uint64[:])")
def mask_low(keys):
    acc = np.uint64(0xCBF29CE484222325)
    for i in range(keys.shape[0]):
        acc = (acc ^ keys[i]) * np.uint64(1099511628211)
        if acc & 1:
            acc = acc >> np.uint64(1)
    return acc


@njit("uint8(uint8[:])")
def uint8_checksum(buf):
    c = np.uint8(0)
    for i in range(buf.shape[0]):
        c = np.uint8(c + buf[i])
    return c


@njit("int64(uint64[:], int64)")
def larger_than(keys, limit):
    n = 0
    for i in range(keys.shape[0]):
        if keys[i] > limit:  # expect: CRB128
            n += 1
    return n
