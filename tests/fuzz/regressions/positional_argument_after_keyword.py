# Without parallel=True Numba runs prange as an ordinary range, so the kernel
# stays serial (a loop-carried dependence here would race if it were parallel).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_prefix_sum(tid, a: pk.View1D[pk.double]):
    for i in range(1, a.extent(0)):
        a[i] += a[i - 1]


def prefix_sum(a):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_prefix_sum, a=pk,array(a))
