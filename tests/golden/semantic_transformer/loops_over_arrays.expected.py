# Loops over arrays, enumerate and zip, and module constants, through the
# whole pipeline: the rows only indexed become the array's own index, so the
# loop over them is a parallel_for like any index loop.
import math

import numpy as np
import pykokkos as pk

SOFTENING = 1e-3


@pk.workunit
def _pk_norms(tid, points: pk.View2D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = math.sqrt(points[i][0] * points[i][0] + points[i][1] * points[i][1] + 1e-3)


def norms(points, out):
    _pk_space = pk.Serial if np.may_share_memory(out, points) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, points.shape[0]), _pk_norms,
        points=pk.array(points),
        out=pk.array(out))


@pk.workunit
def _pk_dot(tid, acc: pk.Acc[pk.double], a: pk.View1D[pk.double], b: pk.View1D[pk.double]):
    _pk_it0: pk.int64 = tid
    x: pk.double = a[_pk_it0]
    y: pk.double = b[_pk_it0]
    acc += x * y


def dot(a, b):
    s = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, int(min(int(a.shape[0]), int(b.shape[0])))), _pk_dot,
        a=pk.array(a),
        b=pk.array(b))
    return s
