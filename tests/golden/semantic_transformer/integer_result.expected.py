# Regression (corpora/features/int_reduction.py int_total): with no dtype for
# `a`, elements are assumed float64, but Numba returns an int for an integer
# array; the caller converts the result when the array holds integers.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_int_total(tid, acc: pk.Acc[pk.double], a):
    i: pk.int64 = tid
    acc += a[i]  # expect: CRB501


def int_total(a):
    t = pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, a.shape[0]), _pk_int_total, a=pk.array(a))
    return int(t) if a.dtype.kind in "iub" else t
