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


@pk.workunit
def _pk_collatz_steps(tid, acc: pk.Acc[pk.int64], _pk_in_n: pk.int64):
    n: pk.int64 = _pk_in_n
    steps: pk.int64 = 0
    while n != 1:
        if ((n % 2 + 2) % 2) == 0:
            n = _pk_floordiv(n, 2)
        else:
            n = 3 * n + 1
        steps += 1
    acc += steps


def collatz_steps(n):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_collatz_steps, _pk_in_n=n))


@pk.workunit
def _pk_halvings(tid, acc: pk.Acc[pk.int64], n: pk.int64):
    m: pk.int64 = n
    steps: pk.int64 = 0
    while m > 1:
        m = _pk_floordiv(m, 2)
        steps += 1
    acc += steps


def halvings(n):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_halvings, n=n))
