# A local first set in two branches is declared once, hoisted out of the branches
# and out of the loop (a value set in one iteration may be read in the next).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_piecewise_phase1(tid, acc: pk.Acc[pk.double], a: pk.View1D[pk.double]):
    i: pk.int64 = tid
    w: pk.double = 0.0
    if a[i] > 0.0:
        w = 2.0
    else:
        w = 0.5
    acc += w * a[i]


@pk.workunit
def _pk_piecewise_phase2(tid, acc: pk.Acc[pk.double], a: pk.View1D[pk.double], _pk_carry_total: pk.double):
    total: pk.double = _pk_carry_total
    last: pk.double = 0.0
    for i in range(a.extent(0)):
        if i > 0:
            total += a[i] - last
        last = a[i]
    acc += total


def piecewise(a):
    total = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_piecewise_phase1,
        a=pk.array(a))
    _pk_carry_total = total
    total = pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_piecewise_phase2,
        a=pk.array(a),
        _pk_carry_total=_pk_carry_total)
    return total
