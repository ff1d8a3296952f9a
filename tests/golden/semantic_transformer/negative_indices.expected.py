# Negative constant indices wrap in Numba; views need explicit extents.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_copy_ends(tid, a: pk.View1D[pk.double], b: pk.View2D[pk.double]):
    i: pk.int64 = tid
    b[i][b.extent(1) - 1] = a[a.extent(0) - 1]
    b[i][0] = a[a.extent(0) - 2] + b[b.extent(0) - 1][b.extent(1) - 2]


def copy_ends(a, b):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, b.shape[0]), _pk_copy_ends,
        a=pk.array(a),
        b=pk.array(b))
