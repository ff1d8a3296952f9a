import numpy as np
from numba import njit
import pykokkos as pk
import math


@njit("int64(int64)")
def collatz_steps(n):  # expect: CRB129
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@pk.workunit
def _pk_halvings(tid, acc: pk.Acc[pk.int64], n: pk.int64):
    m: pk.int64 = n
    steps: pk.int64 = 0
    while m > 1:
        m = math.floor(m / 2)
        steps += 1
    acc += steps


def halvings(n):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_halvings, n=n))
