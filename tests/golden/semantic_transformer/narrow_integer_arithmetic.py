# Numba computes scalar integer arithmetic in 64 bits: a sum or product of
# int32 elements, and a difference of uint8 bytes (a uint64 in Numba), get a
# 64-bit temporary so C++ computes them as Numba does (integer_semantics.py's
# int32_accumulate); math.radians/degrees are products with Numba's constants
# (geospatial.py), and ord('G') of a one-character literal is its code (sequence_alignment.py).
import math
import numpy as np
from numba import njit


@njit("int64(int32[:])")
def int32_accumulate(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * 3 + a[i]
    return s


@njit("void(uint8[:], int64[:])")
def byte_steps(buf, out):
    for i in range(1, buf.shape[0]):
        out[i] = buf[i] - buf[i - 1]


@njit("void(float64[:], float64[:])")
def angles(x, out):
    for i in range(x.shape[0]):
        out[i] = math.degrees(math.atan(x[i])) + math.radians(x[i])


@njit("int64(uint8[:])")
def count_gc(seq):
    n = 0
    for i in range(seq.shape[0]):
        if seq[i] == ord('G') or seq[i] == ord("C"):
            n += 1
    return n
