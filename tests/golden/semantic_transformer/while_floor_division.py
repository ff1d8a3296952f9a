import numpy as np
from numba import njit


@njit("int64(int64)")
def k(n):
    c = 0
    while n // 2 > c:
        c += 1
    return c


@njit("int64(int64[:], int64)")
def count_multiples(a, m):
    c = 0
    for i in range(a.shape[0]):
        x = a[i]
        while x % m == 0 and x != 0:
            x //= m
            c += 1
    return c
