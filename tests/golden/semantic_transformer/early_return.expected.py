# Early returns of a serial kernel: the value goes to acc, then return.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_find_first(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.double], x: pk.double):
    for i in range(a.extent(0)):
        if a[i] == x:
            acc += i
            return
    acc += -1


def find_first(a, x):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_find_first, a=pk.array(a), x=x))


@pk.workunit
def _pk_clear_until_negative(tid, a: pk.View1D[pk.double]):
    for i in range(a.extent(0)):
        if a[i] < 0.0:
            return
        a[i] = 0.0


def clear_until_negative(a):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_clear_until_negative, a=pk.array(a))
