# Thesis snippet 1.1 style: a serial 2-D reduction, run as a single-index
# parallel_reduce whose accumulator receives the returned value.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_sum2d(tid, acc: pk.Acc[pk.double], arr):
    M: pk.int64 = arr.extent(0)
    N: pk.int64 = arr.extent(1)
    i: pk.int64 = tid
    for j in range(N):
        acc += arr[i][j]  # expect: CRB501


def sum2d(arr):
    """Sum of all elements."""
    M = arr.shape[0]
    result = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, int(M)), _pk_sum2d,
        arr=pk.array(arr))
    return result
