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
def _pk_k(tid, acc: pk.Acc[pk.int64], n: pk.int64):
    c: pk.int64 = 0
    while _pk_floordiv(n, 2) > c:
        c += 1
    acc += c


def k(n):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_k, n=n))


@pk.workunit
def _pk_count_multiples(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.int64], m: pk.int64, zero_division: pk.View1D[pk.int32]):
    i: pk.int64 = tid
    x: pk.int64 = a[i]
    while _pk_mod_checked(x, m, zero_division) == 0 and x != 0:
        x = _pk_floordiv_checked(x, m, zero_division)
        acc += 1


def count_multiples(a, m):
    zero_division = pk.View([1], pk.int32)
    c = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_count_multiples,
        a=pk.array(a),
        m=m,
        zero_division=zero_division)
    if zero_division[0] == 1:
        raise ZeroDivisionError("integer division by zero")
    if zero_division[0] == 2:
        raise ZeroDivisionError("integer modulo by zero")
    return c
