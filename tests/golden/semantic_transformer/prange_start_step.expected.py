import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_from_start(tid, a: pk.View1D[pk.double], start: pk.int64):
    i: pk.int64 = start + tid
    a[i] = a[i] * 2.0


def from_start(a, start):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, len(range(start, a.shape[0]))), _pk_from_start,
        a=pk.array(a),
        start=start)
