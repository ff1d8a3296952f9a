# One helper called with an int64 and with a float64: one @pk.function per
# argument types (Numba compiles one specialisation per call signature), so
# integer semantics (`//`) stay integer. A helper that returns nothing
# becomes a `-> None` function. A function may assign its scalar parameters
# when the values keep their type (clamp); halve(i) would make n a float.
from numba import njit, prange
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
def _pk_fn_twice(x: pk.int64) -> pk.int64:
    # expect: CRB140
    return x + x


@pk.function
def _pk_fn_twice_1(x: pk.double) -> pk.double:
    # expect: CRB140
    return x + x


@njit
def twice(x):  # expect: CRB140
    return x + x


@pk.function
def _pk_fn_store(v: pk.View1D[pk.double], k: pk.int64, value: pk.double) -> None:
    v[k] = value


@pk.workunit
def _pk_store(tid, v, k: pk.int64, value: pk.double):
    v[k] = value


def store(v, k, value):
    if v.dtype == bool:
        raise TypeError("'store': 'v' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (v.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_store, v=pk.array(v), k=k, value=value)


@pk.workunit
def _pk_mixed_types(tid, ints: pk.View1D[pk.int64], floats: pk.View1D[pk.double], out: pk.View1D[pk.double]):
    for i in range(ints.extent(0)):
        _pk_fn_store(out, i, _pk_floordiv(_pk_fn_twice(ints[i]), 3) + _pk_fn_twice_1(floats[i]))


def mixed_types(ints, floats, out):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_mixed_types,
        ints=pk.array(ints),
        floats=pk.array(floats),
        out=pk.array(out))


@pk.function
def _pk_fn_clamp(x: pk.double, lo: pk.double, hi: pk.double) -> pk.double:
    # expect: CRB140
    if x < lo:
        x = lo
    if x > hi:
        x = hi
    return x


@njit
def clamp(x, lo, hi):  # expect: CRB140
    if x < lo:
        x = lo
    if x > hi:
        x = hi
    return x


@njit
def halve(n):  # expect: CRB129, CRB140
    n = n / 2
    return n


@pk.workunit
def _pk_clamped(tid, a, out, lo: pk.double, hi: pk.double):
    i: pk.int64 = tid
    out[i] = _pk_fn_clamp(a[i], lo, hi)


def clamped(a, out, lo, hi):
    if out.dtype == bool:
        raise TypeError("'clamped': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_clamped,
        a=pk.array(a),
        out=pk.array(out),
        lo=lo,
        hi=hi)


@njit
def halved(a):
    for i in range(a.shape[0]):
        a[i] = halve(i)  # expect: CRB119
