import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_sum3d(tid, acc: pk.Acc[pk.double], arr: pk.View3D[pk.double]):
    M: pk.int64 = arr.extent(0)
    N: pk.int64 = arr.extent(1)
    O: pk.int64 = arr.extent(2)
    result: pk.double = 0.0
    for i in range(M):
        for j in range(N):
            for k in range(O):
                result += arr[i][j][k]
    acc += result


def sum3d(arr):
    return pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_sum3d, arr=pk.array(arr))
