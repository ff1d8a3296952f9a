# Loop variables are 32-bit in the dialect; Numba's are int64. A product of
# one with an integer is widened through an int64 temporary so that
# sum(i * i) for i < 100000 does not overflow.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_sum_of_squares(tid, acc: pk.Acc[pk.int64], n: pk.int64):
    i: pk.int64 = tid
    acc += i * i


def sum_of_squares(n):
    s = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, int(n)), _pk_sum_of_squares,
        n=n)
    return s
