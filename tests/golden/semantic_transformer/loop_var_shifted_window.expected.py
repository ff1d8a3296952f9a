# A range loop whose variable the body reassigns (`for a in range(lo, hi):
# a = a - off`, from held-out legacy code) or that is read after the loop (the
# search-and-break idiom): the C++ loop counter is the variable itself, so the
# loop gets a fresh counter and the body a copy, which is Python's semantics.
# A loop variable used only inside its loop stays the counter.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_shifted_window(tid, a, out, lo: pk.int64, hi: pk.int64, off: pk.int64):
    k: pk.int64 = 0
    for _pk_loop0_k in range(lo, hi):
        k = _pk_loop0_k
        k = k - off
        out[k] = 2.0 * a[k]


def shifted_window(a, out, lo, hi, off):
    if out.dtype == bool:
        raise TypeError("'shifted_window': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_shifted_window,
        a=pk.array(a),
        out=pk.array(out),
        lo=lo,
        hi=hi,
        off=off)


@pk.workunit
def _pk_first_above(tid, acc: pk.Acc[pk.int64], a, thr: pk.double):
    i: pk.int64 = 0
    for _pk_loop0_i in range(a.extent(0)):
        i = _pk_loop0_i
        if a[i] > thr:
            break
    acc += i


def first_above(a, thr):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_first_above, a=pk.array(a), thr=thr))


@pk.workunit
def _pk_reused_name(tid, a, out):
    i: pk.int64 = 0
    for _pk_loop0_i in range(a.extent(0)):
        i = _pk_loop0_i
        for _pk_loop1_i in range(3):
            i = _pk_loop1_i  # the inner loop rebinds the outer variable
            out[i] += a[i]
        out[i] += 1.0


def reused_name(a, out):
    if out.dtype == bool:
        raise TypeError("'reused_name': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_reused_name,
        a=pk.array(a),
        out=pk.array(out))


@pk.workunit
def _pk_one_line(tid, acc: pk.Acc[pk.double], a, lo: pk.int64, hi: pk.int64):
    s: pk.double = 0.0
    k: pk.int64 = 0
    for _pk_loop0_k in range(lo, hi):
        k = _pk_loop0_k
        k = k - lo; s += a[k]
    acc += s


def one_line(a, lo, hi):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_one_line, a=pk.array(a), lo=lo, hi=hi)


@pk.workunit
def _pk_plain(tid, a, out):
    i: pk.int64 = tid
    out[i] = a[i]


def plain(a, out):
    _pk_space = pk.Serial if np.may_share_memory(out, a) else pk.get_default_space()
    if out.dtype == bool:
        raise TypeError("'plain': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, a.shape[0]), _pk_plain,
        a=pk.array(a),
        out=pk.array(out))
