# caramba-options: --kernel second
# Only the selected kernel is translated; the other stays Numba code.
import numpy as np
from numba import njit
import pykokkos as pk


@njit("void(float64[:])")
def first(a):
    a[0] = 1.0


@pk.workunit
def _pk_second(tid, a: pk.View1D[pk.double]):
    a[0] = 2.0


def second(a):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_second, a=pk.array(a))
