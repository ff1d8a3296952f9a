# Thesis snippet 2.5: a prange reduction with a triangular inner loop (the
# eager signature gives the element type, which decides the declarations).
import pykokkos as pk
import numpy as np


@pk.workunit
def _pk_potential_numba_scalar_prange(tid, acc: pk.Acc[pk.double], cluster: pk.View1D[pk.double]):
    _pk_fold: pk.int64 = tid // 2
    if tid % 2 == 1:
        _pk_fold = (int(cluster.extent(0)) - 1) - 1 - _pk_fold
    i: pk.int64 = _pk_fold
    for j in range(i + 1, cluster.extent(0)):
        r: pk.double = cluster[i] - cluster[j]
        e: pk.double = 1.0 / (((r * r) * (r * r)) * (((r * r) * (r * r)) * ((r * r) * (r * r)))) - 1.0 / ((r * r) * ((r * r) * (r * r)))
        acc += e


def potential_numba_scalar_prange(cluster):
    energy = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, int(cluster.shape[0]) - 1), _pk_potential_numba_scalar_prange,
        cluster=pk.array(cluster))
    return energy
