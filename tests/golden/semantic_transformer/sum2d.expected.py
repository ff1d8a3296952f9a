# Thesis snippet 1.1 style: a serial 2-D reduction, run as a single-index
# parallel_reduce whose accumulator receives the returned value.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_sum2d(tid, acc: pk.Acc[pk.double], arr):
    M: pk.int64 = arr.extent(0)
    N: pk.int64 = arr.extent(1)
    result: pk.double = 0.0
    for i in range(M):
        for j in range(N):
            result += arr[i][j]  # expect: CRB501
    acc += result


def sum2d(arr):
    """Sum of all elements."""
    return pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_sum2d, arr=pk.array(arr))
