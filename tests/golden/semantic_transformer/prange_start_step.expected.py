import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_every_other(tid, a: pk.View1D[pk.double], start: pk.int64):
    i: pk.int64 = start + tid * 2
    a[i] = a[i] * 2.0


def every_other(a, start):
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, len(range(start, a.shape[0], 2))), _pk_every_other,
        a=pk.array(a),
        start=start)
