# Chained assignments through the whole pipeline (signal_analysis.py's biquad
# crashed the translator with an assignment inside an expression): split ones
# translate, one that cannot be split exactly is refused with CRB118.
import numpy as np
from numba import njit
import pykokkos as pk


@pk.workunit
def _pk_biquad(tid, x: pk.View1D[pk.double], b: pk.View1D[pk.double], a: pk.View1D[pk.double], y: pk.View1D[pk.double]):
    x1: pk.double = 0.0
    x2: pk.double = 0.0
    y1: pk.double = 0.0
    y2: pk.double = 0.0
    for n in range(x.extent(0)):
        y[n] = (b[0] * x[n] + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2) / a[0]
        x2 = x1
        x1 = x[n]
        y2 = y1
        y1 = y[n]


def biquad(x, b, a):
    y = np.zeros_like(x)
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_biquad,
        x=pk.array(x),
        b=pk.array(b),
        a=pk.array(a),
        y=pk.array(y))
    return y


@njit("void(float64[:], float64[:], float64)")
def element_pair(u, v, c):
    u[0] = v[0] = c * 2.0  # expect: CRB118
