# Kernel-to-kernel calls: every helper a kernel reaches (here a chain of
# depth 3) becomes a top-level @pk.function with annotated parameters and
# return type; helpers keep their own drop-in callers for Python code.
import math

import pykokkos as pk


@pk.function
def _pk_fn_clamp01(x: pk.double) -> pk.double:
    if x < 0:
        return 0.0
    if x > 1:
        return 1.0
    return x


def clamp01(x):
    return float(_pk_fn_clamp01(float(x)))


@pk.function
def _pk_fn_soft(x: pk.double, k: pk.double) -> pk.double:
    return _pk_fn_clamp01(0.5 + x / (2.0 * k))


@pk.workunit
def _pk_soft(tid, acc: pk.Acc[pk.double], x: pk.double, k: pk.double):
    acc += _pk_fn_clamp01(0.5 + x / (2.0 * k))


def soft(x, k):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_soft, x=x, k=k)


@pk.function
def _pk_fn_score(x: pk.double, y: pk.double, k: pk.double) -> pk.double:
    return _pk_fn_soft(x - y, k) * _pk_fn_soft(y - x, k) + math.sqrt(x * x + y * y)


@pk.workunit
def _pk_score(tid, acc: pk.Acc[pk.double], x: pk.double, y: pk.double, k: pk.double):
    acc += _pk_fn_soft(x - y, k) * _pk_fn_soft(y - x, k) + math.sqrt(x * x + y * y)


def score(x, y, k):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_score, x=x, y=y, k=k)


@pk.workunit
def _pk_chain_kernel(tid, a, b, out, k: pk.double):
    i: pk.int64 = tid
    out[i] = _pk_fn_score(a[i], b[i], k)


def chain_kernel(a, b, out, k):
    if out.dtype == bool:
        raise TypeError("'chain_kernel': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_chain_kernel,
        a=pk.array(a),
        b=pk.array(b),
        out=pk.array(out),
        k=k)
