# The thesis's snippet 2.2: `distance(cluster[i], cluster[j])` with
# `distance` indexing its parameters makes `cluster` 2-D and the arguments
# row subviews, bound to names before the statement (SubviewTransformer).
import math

import numba
import pykokkos as pk


@pk.function
def _pk_fn_lj(r: pk.double) -> pk.double:
    # expect: CRB140
    sr6: pk.double = (((1.0 / r) * (1.0 / r)) * (((1.0 / r) * (1.0 / r)) * ((1.0 / r) * (1.0 / r))))
    return 4.0 * (sr6 * sr6 - sr6)


@numba.njit
def lj(r):  # expect: CRB140
    sr6 = (1.0 / r) ** 6
    return 4.0 * (sr6 * sr6 - sr6)


@pk.function
def _pk_fn_distance(p1: pk.View1D[pk.double], p2: pk.View1D[pk.double]) -> pk.double:
    # expect: CRB140
    dx: pk.double = p1[0] - p2[0]
    dy: pk.double = p1[1] - p2[1]
    dz: pk.double = p1[2] - p2[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


@numba.njit
def distance(p1, p2):  # expect: CRB140
    dx = p1[0] - p2[0]
    dy = p1[1] - p2[1]
    dz = p1[2] - p2[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


@pk.workunit
def _pk_potential(tid, acc: pk.Acc[pk.double], cluster: pk.View2D[pk.double]):
    _pk_fold: pk.int64 = tid // 2
    if tid % 2 == 1:
        _pk_fold = (int(cluster.extent(0)) - 1) - 1 - _pk_fold
    i: pk.int64 = _pk_fold
    for j in range(i + 1, cluster.extent(0)):
        _pk_sv0 = cluster[i, :]
        _pk_sv1 = cluster[j, :]
        r: pk.double = _pk_fn_distance(_pk_sv0, _pk_sv1)
        acc += _pk_fn_lj(r)


def potential(cluster):
    energy = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, int(cluster.shape[0]) - 1), _pk_potential,
        cluster=pk.array(cluster))
    return energy
