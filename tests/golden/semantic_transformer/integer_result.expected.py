# Regression (corpora/features/int_reduction.py int_total): with no dtype for
# `a`, elements are assumed float64, but Numba returns an int for an integer
# array; the caller converts the result when the array holds integers.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_int_total(tid, acc: pk.Acc[pk.double], a):
    t: pk.double = 0
    for i in range(a.extent(0)):
        t += a[i]  # expect: CRB501
    acc += t


def int_total(a):
    _pk_result = pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_int_total, a=pk.array(a))
    return int(_pk_result) if a.dtype.kind in "iub" else _pk_result
