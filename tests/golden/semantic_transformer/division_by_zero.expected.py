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
def _pk_floordiv_u64(a: pk.uint64, b: pk.uint64) -> pk.uint64:
    # Python's a // b on uint64, as Numba computes it: C++'s unsigned
    # division, exact on all of uint64 (the int64 helper would read values
    # above 2**63 as negative). b == 0 gives 0 (C++ traps there).
    if b == 0:
        return 0
    q: pk.uint64 = a
    q /= b
    return q


@pk.function
def _pk_mod_u64(a: pk.uint64, b: pk.uint64) -> pk.uint64:
    # Python's a % b on uint64, as Numba computes it: C++'s unsigned
    # remainder, exact on all of uint64. b == 0 gives 0 (C++ traps there).
    if b == 0:
        return 0
    r: pk.uint64 = a % b
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


@pk.function
def _pk_floordiv_u64_checked(a: pk.uint64, b: pk.uint64, zero_division: pk.View1D[pk.int32]) -> pk.uint64:
    # b == 0: Numba raises ZeroDivisionError ("integer division by zero").
    # A kernel cannot raise: the first zero divisor leaves code 1 in the
    # flag, and the caller raises after the dispatch.
    if b == 0:
        pk.atomic_compare_exchange(zero_division, [0], 0, 1)
    return _pk_floordiv_u64(a, b)


@pk.function
def _pk_mod_u64_checked(a: pk.uint64, b: pk.uint64, zero_division: pk.View1D[pk.int32]) -> pk.uint64:
    # b == 0: Numba raises ZeroDivisionError ("integer modulo by zero").
    # A kernel cannot raise: the first zero divisor leaves code 2 in the
    # flag, and the caller raises after the dispatch.
    if b == 0:
        pk.atomic_compare_exchange(zero_division, [0], 0, 2)
    return _pk_mod_u64(a, b)


# A count of zero raises ZeroDivisionError in Numba: the flag and the caller's check.
@pk.workunit
def _pk_group_means(tid, totals: pk.View1D[pk.int64], counts: pk.View1D[pk.int64], means: pk.View1D[pk.int64], zero_division: pk.View1D[pk.int32]):
    g: pk.int64 = tid
    means[g] = _pk_floordiv_checked(totals[g], counts[g], zero_division)


def group_means(totals, counts, means):
    _pk_space = pk.Serial if np.may_share_memory(means, totals) or np.may_share_memory(means, counts) else pk.get_default_space()
    zero_division = pk.View([1], pk.int32)
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, totals.shape[0]), _pk_group_means,
        totals=pk.array(totals),
        counts=pk.array(counts),
        means=pk.array(means),
        zero_division=zero_division)
    if zero_division[0] != 0:
        raise ZeroDivisionError("integer division by zero")


# Both messages; the serial scalar kernel's value waits for the check.
@pk.workunit
def _pk_python_divmod(tid, acc: pk.Acc[pk.int64], a: pk.int64, b: pk.int64, zero_division: pk.View1D[pk.int32]):
    acc += _pk_floordiv_checked(a, b, zero_division) * 100 + _pk_mod_checked(a, b, zero_division)


def python_divmod(a, b):
    zero_division = pk.View([1], pk.int32)
    _pk_result = pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_python_divmod,
        a=a,
        b=b,
        zero_division=zero_division)
    if zero_division[0] == 1:
        raise ZeroDivisionError("integer division by zero")
    if zero_division[0] == 2:
        raise ZeroDivisionError("integer modulo by zero")
    return int(_pk_result)


# A literal divisor and the bound of the enclosing range: no flag.
@pk.workunit
def _pk_rule90(tid, cells: pk.View1D[pk.int64], out: pk.View1D[pk.int64]):
    n: pk.int64 = cells.extent(0)
    i: pk.int64 = tid
    out[i] = cells[_pk_mod((i - 1), n)] ^ cells[_pk_mod((i + 1), n)] + _pk_floordiv(cells[i], 2)


def rule90(cells, out):
    n = cells.shape[0]
    _pk_space = pk.Serial if np.may_share_memory(out, cells) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, int(n)), _pk_rule90,
        cells=pk.array(cells),
        out=pk.array(out))


# prange of a parallel=True kernel and error_model="numpy": Numba gives 0.
@pk.workunit
def _pk_bucket_ids(tid, a: pk.View1D[pk.int64], width: pk.int64, out: pk.View1D[pk.int64]):
    i: pk.int64 = tid
    out[i] = _pk_floordiv(a[i], width) + _pk_mod(a[i], width)


def bucket_ids(a, width, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_bucket_ids,
        a=pk.array(a),
        width=width,
        out=pk.array(out))


@pk.workunit
def _pk_ratios(tid, a: pk.View1D[pk.int64], b: pk.View1D[pk.int64], out: pk.View1D[pk.int64]):
    i: pk.int64 = tid
    out[i] = _pk_floordiv(a[i], b[i])


def ratios(a, b, out):
    _pk_space = pk.Serial if np.may_share_memory(out, a) or np.may_share_memory(out, b) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, a.shape[0]), _pk_ratios,
        a=pk.array(a),
        b=pk.array(b),
        out=pk.array(out))


# uint64 above 2**63, augmented forms.
@pk.workunit
def _pk_reduce_keys(tid, keys: pk.View1D[pk.uint64], m: pk.uint64, zero_division: pk.View1D[pk.int32]):
    i: pk.int64 = tid
    keys[i] = _pk_floordiv_u64_checked(keys[i], m, zero_division)
    keys[i] = _pk_mod_u64_checked(keys[i], m, zero_division)


def reduce_keys(keys, m):
    zero_division = pk.View([1], pk.int32)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, keys.shape[0]), _pk_reduce_keys,
        keys=pk.array(keys),
        m=m,
        zero_division=zero_division)
    if zero_division[0] == 1:
        raise ZeroDivisionError("integer division by zero")
    if zero_division[0] == 2:
        raise ZeroDivisionError("integer modulo by zero")
