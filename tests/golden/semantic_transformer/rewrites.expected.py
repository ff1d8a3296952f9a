# Every rewrite of constructs the dialect lacks, with Python semantics kept.
import math

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


@pk.function
def _pk_floordiv_checked(a: pk.int64, b: pk.int64, zero_division: pk.View1D[pk.int32]) -> pk.int64:
    # b == 0: Numba raises ZeroDivisionError ("integer division by zero").
    # A kernel cannot raise: the first zero divisor leaves code 1 in the
    # flag, and the caller raises after the dispatch.
    if b == 0:
        pk.atomic_compare_exchange(zero_division, [0], 0, 1)
    return _pk_floordiv(a, b)


@pk.function
def _pk_mod_checked(a: pk.int64, b: pk.int64, zero_division: pk.View1D[pk.int32]) -> pk.int64:
    # b == 0: Numba raises ZeroDivisionError ("integer modulo by zero").
    # A kernel cannot raise: the first zero divisor leaves code 2 in the
    # flag, and the caller raises after the dispatch.
    if b == 0:
        pk.atomic_compare_exchange(zero_division, [0], 0, 2)
    return _pk_mod(a, b)


@pk.workunit
def _pk_rewrites(tid, x: pk.View1D[pk.double], k: pk.View1D[pk.int64], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    # ternary -> if/else
    sign: pk.double = 0.0
    if x[i] >= 0.0:
        sign = 1.0
    else:
        sign = -1.0
    # chained comparison -> and
    inside: bool = (0.0 < x[i] and x[i] <= 1.0)
    # min/max on floats -> math.fmin/fmax; on ints -> typed if
    lo: pk.double = math.fmin(x[i], 0.5)
    _pk_t0: pk.int64 = k[i]
    if 3 > _pk_t0:
        _pk_t0 = 3
    hi: pk.int64 = _pk_t0
    # mixed and/or -> bool temporary keeping short-circuit
    _pk_t1: bool = (x[i] > 2.0 or x[i] < -2.0)
    if _pk_t1:
        _pk_t1 = k[i] > 0
    flag: bool = _pk_t1
    # // and % with Python semantics on ints and floats
    q: pk.int64 = _pk_floordiv(k[i], 3)
    r: pk.int64 = ((k[i] % 3 + 3) % 3)
    fq: pk.double = math.floor(x[i] / 0.25)
    fr: pk.double = math.fmod(math.fmod(x[i], 0.25) + 0.25, 0.25)
    # int() and float() casts
    t: pk.int64 = x[i] * 10.0
    f: pk.double = pk.double(k[i])
    # scalar NumPy math -> math
    s: pk.double = math.sqrt(abs(x[i])) + math.exp(-x[i]) + math.pi
    # tuple swap -> temporaries
    a: pk.double = 0.0
    b: pk.double = 0.0
    _pk_t2: pk.double = lo
    _pk_t3: pk.int64 = hi
    a = _pk_t2
    b = _pk_t3
    _pk_t4: pk.double = b
    _pk_t5: pk.double = a
    a = _pk_t4
    b = _pk_t5
    out[i] = sign + lo + hi + q + r + fq + fr + t + f + s + a + b
    if inside or flag:
        out[i] += 1.0


def rewrites(x, k, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_rewrites,
        x=pk.array(x),
        k=pk.array(k),
        out=pk.array(out))


@pk.workunit
def _pk_python_mod(tid, acc: pk.Acc[pk.int64], a: pk.int64, b: pk.int64, zero_division: pk.View1D[pk.int32]):
    _pk_t0: pk.int64 = (a / b) - math.remainder((a / b), 1.0)
    acc += _pk_mod_checked(a, b, zero_division) + (_pk_floordiv_checked(a, b, zero_division)) * 100 + _pk_t0


def python_mod(a, b):
    zero_division = pk.View([1], pk.int32)
    _pk_result = pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_python_mod,
        a=a,
        b=b,
        zero_division=zero_division)
    if zero_division[0] == 1:
        raise ZeroDivisionError("integer division by zero")
    if zero_division[0] == 2:
        raise ZeroDivisionError("integer modulo by zero")
    return int(_pk_result)
