"""CRC-16 (CCITT) checksum over a byte buffer (NPBench crc16): a bit loop per
byte with shifts, xors and masks, and the table-driven variant."""
import numpy as np
import numba as nb

POLY = 0x8408


def initialize(N):
    rng = np.random.default_rng(42)
    return (rng.integers(0, 256, size=(N,), dtype=np.uint8),)


# caramba: runas crc16(*initialize(N))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def crc16(data, poly=0x8408):
    '''
    CRC-16-CCITT Algorithm
    '''
    crc = 0xFFFF
    for b in data:
        cur_byte = 0xFF & b
        for _ in range(0, 8):
            if (crc & 0x0001) ^ (cur_byte & 0x0001):
                crc = (crc >> 1) ^ poly
            else:
                crc >>= 1
            cur_byte >>= 1
    crc = (~crc & 0xFFFF)
    crc = (crc << 8) | ((crc >> 8) & 0xFF)
    return crc & 0xFFFF


@nb.njit
def make_table():
    table = np.zeros(256, dtype=np.int64)
    for i in range(256):
        crc = i
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ POLY
            else:
                crc >>= 1
        table[i] = crc
    return table


# caramba: runas crc16_table(*initialize(N))
@nb.njit
def crc16_table(data):
    table = make_table()
    crc = 0xFFFF
    for i in range(data.shape[0]):
        crc = (crc >> 8) ^ table[(crc ^ data[i]) & 0xFF]
    crc = ~crc & 0xFFFF
    return ((crc << 8) | ((crc >> 8) & 0xFF)) & 0xFFFF


# caramba: runas parity_counts(*initialize(N))
@nb.njit(parallel=True)
def parity_counts(data):
    ones = 0
    for i in nb.prange(data.shape[0]):
        v = np.int64(data[i])
        c = 0
        while v:
            c += v & 1
            v >>= 1
        ones += c
    return ones
