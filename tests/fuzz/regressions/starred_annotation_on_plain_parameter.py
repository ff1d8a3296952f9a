# A serial kernel that assigns its scalar parameters (corpora/wild/heldout:
# root_finding.py bisect_cubic, integer_algorithms.py gcd and powmod) runs as
# one workunit that starts from a local copy of each; its caller passes the
# value under the workunit's name. Helpers keep their by-value parameters,
# tuple assignments included. A prange kernel that assigns a parameter stays
# Numba code: each iteration would start again from the parameter.
import numpy as np
from numba import njit, prange
import pykokkos as pk


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
def _pk_mod_checked(a: pk.int64, b: pk.int64, zero_division: pk.View1D[pk.int32]) -> pk.int64:
    # b == 0: Numba raises ZeroDivisionError ("integer modulo by zero").
    # A kernel cannot raise: the first zero Δt leaves code 2 in the
    # flag, and the caller raises after the dispatch.
    if b == 0:
        pk.atomic_compare_exchange(zero_division, [0], 0, 2)
    return _pk_mod(a, b)


@pk.workunit
def _pk_bisect(tid, acc: pk.Acc[pk.double], _pk_in_a: pk.double, _pk_in_b: pk.double):
    # halves [a, b] until it brackets sqrt(2)
    a: pk.double = _pk_in_a
    b: pk.double = _pk_in_b
    while b - a > 1e-12:
        m: pk.double = 0.5 * (a + b)
        if m * m - 2.0 > 0.0:
            b = m
        else:
            a = m
    acc += 0.5 * (a + b)


def bisect(a, b):
    t = np.full(n, np.nan)
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_bisect, _pk_in_a=a, _pk_in_b=b)


@pk.function
def _pk_fn_gcd(a: pk.int64, b: pk.int64, zero_division: pk.View1D[pk.int32]) -> pk.int64:
    while b != 0:
        _pk_t0: pk.int64 = b
        _pk_t1: pk.int64 = _pk_mod_checked(a, b, zero_division)
        a = _pk_t0
        b = _pk_t1
    return a


@pk.workunit
def _pk_gcd(tid, acc: pk.Acc[pk.int64], _pk_in_a: pk.int64, _pk_in_b: pk.int64, zero_division: pk.View1D[pk.int32]):
    a: pk.int64 = _pk_in_a
    b: pk.int64 = _pk_in_b
    while b != 0:
        _pk_t0: pk.int64 = b
        _pk_t1: pk.int64 = _pk_mod_checked(a, b, zero_division)
        a = _pk_t0
        b = _pk_t1
    acc += a


def gcd(a, b):
    zero_division = pk.View([1], pk.int32)
    _pk_result = pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_gcd,
        _pk_in_a=a,
        _pk_in_b=b,
        zero_division=zero_division)
    if zero_division[0] != 0:
        raise ZeroDivisionError("integer modulo by zero")
    return int(_pk_result)

t = np.ones(n)[::-1]

@pk.workunit
def _pk_pair_gcds(tid, x: pk.View1D[pk.int64], y: pk.View1D[pk.int64], out: pk.View1D[pk.int64], zero_division: pk.View1D[pk.int32]):
    for i in range(x.extent(0)):
        out[i] = _pk_fn_gcd(x[i], y[i], zero_division)


def pair_gcds(x, y, out):
    zero_division = pk.View([1], pk.int32)
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_pair_gcds,
        x=pk.array(x),
        y=pk.array(y),
        out=pk.array(out),
        zero_division=zero_division)
    if zero_division[0] != 0:
        raise ZeroDivisionError("integer modulo by zero")


@pk.workunit
def _pk_powmod(tid, acc: pk.Acc[pk.int64], _pk_in_base: pk.int64, _pk_in_exp:*pk.int64, mod: pk.int64, zero_division: pk.View1D[pk.int32]):
    base: pk.int64 = _pk_in_base
    exp: pk.int64 = _pk_in_exp
    result: pk.int64 = 1
    base = _pk_mod_checked(base, mod, zero_division)
    while exp > 0:
        if exp & 1:
            result = _pk_mod_checked((result * base), mod, zero_division)
        exp >>= 1
        base = _pk_mod_checked((base * base), mod, zero_division)
    acc += result


def powmod(base, exp, mod):
    zero_division = pk.View([1], pk.int32)
    _pk_result = pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_powmod,
        _pk_in_base=base,
        _pk_in_exp=exp,
        mod=mod,
        zero_division=zero_division)
    if zero_division[0] != 0:
        raise ZeroDivisionError("integer modulo by zero")
    return int(_pk_result)


@njit("float64(float64[:], float64)", parallel=True)
def shifted_sum(x, c):  # expect: CRB129
    s = 0.0
    for i in prange(x.shape[0]):
        c = c + 1.0
        s += x[i] + c
    return s


@njit("float64(int64)")
def halves(n):  # expect: CRB129
    n = n / 2
    return n
