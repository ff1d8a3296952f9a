# One kernel translates, one is refused: the refused one stays byte for byte
# and the Numba import stays because Numba code remains.
import numpy as np
from numba import njit, prange
import pykokkos as pk


@pk.workunit
def _pk_fill(tid, a, v: pk.double):
    i: pk.int64 = tid
    a[i] = v


def fill(a, v):
    if a.dtype == bool:
        raise TypeError("'fill': 'a' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (a.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_fill,
        a=pk.array(a),
        v=v)


@njit
def noisy(a):
    for i in range(a.shape[0]):
        print(a[i])  # expect: CRB111
