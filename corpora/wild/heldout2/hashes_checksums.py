"""Hashes and checksums over byte buffers, with the unsigned 32/64-bit wrap-around they rely on.

FNV-1a 32 and 64 bit, CRC-32 with a table built in a helper kernel, Adler-32 with its modulus,
xorshift64* as a stream of pseudo-random numbers, MurmurHash3's 32-bit finaliser over an int array,
and a per-block hash in parallel (one hash per fixed-size block of the buffer).
"""
import numpy as np
from numba import njit, prange


def payload(n, seed=0):
    return np.random.default_rng(seed).integers(0, 256, n).astype(np.uint8)


# caramba: runas fnv1a_32(payload(N))
@njit
def fnv1a_32(data):
    h = np.uint32(2166136261)
    for b in data:
        h ^= np.uint32(b)
        h *= np.uint32(16777619)
    return h


# caramba: runas fnv1a_64(payload(N))
@njit
def fnv1a_64(data):
    h = np.uint64(14695981039346656037)
    prime = np.uint64(1099511628211)
    for i in range(data.shape[0]):
        h = (h ^ np.uint64(data[i])) * prime
    return h


@njit
def crc_table():
    table = np.zeros(256, dtype=np.uint32)
    for i in range(256):
        c = np.uint32(i)
        for _ in range(8):
            if c & 1:
                c = np.uint32(0xEDB88320) ^ (c >> 1)
            else:
                c = c >> 1
        table[i] = c
    return table


# caramba: runas crc32(payload(N), crc_table())
@njit
def crc32(data, table):
    crc = np.uint32(0xFFFFFFFF)
    for b in data:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ np.uint32(0xFFFFFFFF)


# caramba: runas adler32(payload(N))
@njit
def adler32(data):
    a = 1
    b = 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


# caramba: runas xorshift_stream(88172645463325252, N)
@njit
def xorshift_stream(seed, n):
    out = np.empty(n, dtype=np.uint64)
    x = np.uint64(seed)
    for i in range(n):
        x ^= x >> np.uint64(12)
        x ^= x << np.uint64(25)
        x ^= x >> np.uint64(27)
        out[i] = x * np.uint64(2685821657736338717)
    return out


# caramba: runas murmur_fmix(rng.integers(0, 2**32, N, dtype=np.uint32))
@njit(parallel=True)
def murmur_fmix(keys):
    out = np.empty_like(keys)
    for i in prange(keys.shape[0]):
        h = keys[i]
        h ^= h >> 16
        h *= np.uint32(0x85EBCA6B)
        h ^= h >> 13
        h *= np.uint32(0xC2B2AE35)
        h ^= h >> 16
        out[i] = h
    return out


# caramba: runas block_sums(payload(N), 64)
@njit(parallel=True)
def block_sums(data, block):
    nb = (data.shape[0] + block - 1) // block
    out = np.zeros(nb, dtype=np.int64)
    for k in prange(nb):
        s = 0
        for i in range(k * block, min((k + 1) * block, data.shape[0])):
            s = (s * 31 + data[i]) % 1000003
        out[k] = s
    return out


if __name__ == "__main__":
    d = payload(100)
    print(fnv1a_32(d), fnv1a_64(d), crc32(d, crc_table()), adler32(d))
    print(xorshift_stream(88172645463325252, 3), murmur_fmix(np.arange(3, dtype=np.uint32)), block_sums(d, 64))
