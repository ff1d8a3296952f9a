# A local first set in two branches is declared once, hoisted out of the branches
# and out of the loop (a value set in one iteration may be read in the next).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_piecewise(tid, acc: pk.Acc[pk.double], a: pk.View1D[pk.double]):
    total: pk.double = 0.0
    w: pk.double = 0.0
    for i in range(a.extent(0)):
        if a[i] > 0.0:
            w = 2.0
        else:
            w = 0.5
        total += w * a[i]
    last: pk.double = 0.0
    for i in range(a.extent(0)):
        if i > 0:
            total += a[i] - last
        last = a[i]
    acc += total


def piecewise(a):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_piecewise, a=pk.array(a))
