import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_sum3d(tid, acc: pk.Acc[pk.double], arr: pk.View3D[pk.double]):
    M: pk.int64 = arr.extent(0)
    N: pk.int64 = arr.extent(1)
    O: pk.int64 = arr.extent(2)
    i: pk.int64 = tid
    for j in range(N):
        for k in range(O):
            acc += arr[i][j][k]


def sum3d(arr):
    M = arr.shape[0]
    result = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, int(M)), _pk_sum3d,
        arr=pk.array(arr))
    return result
