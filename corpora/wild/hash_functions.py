#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""
hash_functions.py -- string and integer hashes for the dedup tool.

Ported from the old C helpers (hashlib.c) when we moved to numba.  The C code
relied on unsigned overflow; numpy integer scalars give us the same thing as
long as every constant goes through np.uint32 / np.uint64.

    djb2_hash(buf)         -- Bernstein's djb2, 64 bit
    adler_like(buf)        -- Adler-32 style running sums
    one_at_a_time(key)     -- Bob Jenkins' one-at-a-time, kept in 32 bits by hand
    splitmix_hashes(s, o)  -- SplitMix64 finaliser, one hash per seed, in parallel
    signed_byte_sum(buf)   -- sum of the bytes read as int8 (the old `char` sum)
    count_above(keys, t)   -- keys above a threshold, compared as uint32
    bucket_of(keys, nb)    -- bucket index of each key (uint64 modulo)
"""
import numpy as np
from numba import jit, prange


# caramba: runas djb2_hash(rng.integers(0, 256, N).astype(np.uint8))
@jit(nopython=True)
def djb2_hash(buf):
    h = np.uint64(5381)
    for c in buf:
        # h * 33 + c
        h = ((h << np.uint64(5)) + h) + np.uint64(c)
    return h


# caramba: runas adler_like(rng.integers(0, 256, N).astype(np.uint8))
@jit(nopython=True)
def adler_like(buf):
    MOD = np.uint32(65521)
    a = np.uint32(1)
    b = np.uint32(0)
    for i in range(len(buf)):
        a = (a + buf[i]) % MOD
        b = (b + a) % MOD
    return (b << np.uint32(16)) | a


# caramba: runas one_at_a_time(rng.integers(0, 256, N).astype(np.uint8))
@jit(nopython=True)
def one_at_a_time(key):
    h = np.uint32(0)
    for i in range(key.shape[0]):
        h = np.uint32(h + key[i])
        h = np.uint32(h + (h << np.uint32(10)))
        h = np.uint32(h ^ (h >> np.uint32(6)))
    h = np.uint32(h + (h << np.uint32(3)))
    h = np.uint32(h ^ (h >> np.uint32(11)))
    h = np.uint32(h + (h << np.uint32(15)))
    return h


# caramba: runas splitmix_hashes(rng.integers(0, 2**62, N), np.zeros(N, dtype=np.uint64))
@jit(nopython=True, parallel=True)
def splitmix_hashes(seeds, out):
    for i in prange(seeds.shape[0]):
        z = np.uint64(seeds[i]) + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        out[i] = z ^ (z >> np.uint64(31))


# caramba: runas signed_byte_sum(rng.integers(0, 256, N).astype(np.uint8))
@jit(nopython=True)
def signed_byte_sum(buf):
    total = 0
    for i in range(buf.shape[0]):
        total += np.int8(buf[i])
    return total


# caramba: runas count_above(rng.integers(-2**33, 2**33, N), -5)
# caramba: runas count_above(rng.integers(-2**33, 2**33, N), 1000)
@jit(nopython=True)
def count_above(keys, threshold):
    n = 0
    for i in range(keys.shape[0]):
        if np.uint32(keys[i]) > threshold:
            n += 1
    return n


# caramba: runas bucket_of(rng.integers(0, 2**64, N, dtype=np.uint64), 97)
@jit(nopython=True)
def bucket_of(keys, nb):
    out = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        # keys are uint64, nb an int: numba does this in int64
        out[i] = keys[i] % nb
    return out


# caramba: runas larger_than(rng.integers(0, 2**64, N, dtype=np.uint64), -1)
@jit(nopython=True)
def larger_than(keys, limit):
    # a uint64 against a signed limit: numba compares the numbers
    n = 0
    for i in range(keys.shape[0]):
        if keys[i] > limit:
            n += 1
    return n


def main():
    buf = np.frombuffer(b"the quick brown fox jumps over the lazy dog", dtype=np.uint8)
    print("djb2      %d" % djb2_hash(buf))
    print("adler     %d" % adler_like(buf))
    print("oaat      %d" % one_at_a_time(buf))
    out = np.zeros(4, dtype=np.uint64)
    splitmix_hashes(np.arange(4), out)
    print("splitmix  %s" % out)
    print("bytes     %d" % signed_byte_sum(buf))
    print("above     %d" % count_above(np.arange(-5, 5), -3))
    print("buckets   %s" % bucket_of(np.arange(5, dtype=np.uint64) * np.uint64(2**61), 97))
    print("larger    %d" % larger_than(np.arange(5, dtype=np.uint64), -1))


if __name__ == "__main__":
    main()
