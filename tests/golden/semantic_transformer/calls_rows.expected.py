# The thesis's snippet 2.2: `distance(cluster[i], cluster[j])` with
# `distance` indexing its parameters makes `cluster` 2-D and the arguments
# row subviews, bound to names before the statement (SubviewTransformer).
import math

import pykokkos as pk
import numpy as np


@pk.function
def _pk_fn_lj(r: pk.double) -> pk.double:
    sr6: pk.double = (((1.0 / r) * (1.0 / r)) * (((1.0 / r) * (1.0 / r)) * ((1.0 / r) * (1.0 / r))))
    return 4.0 * (sr6 * sr6 - sr6)


@pk.workunit
def _pk_lj(tid, acc: pk.Acc[pk.double], r: pk.double):
    sr6: pk.double = (((1.0 / r) * (1.0 / r)) * (((1.0 / r) * (1.0 / r)) * ((1.0 / r) * (1.0 / r))))
    acc += 4.0 * (sr6 * sr6 - sr6)


def lj(r):
    return pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_lj, r=r)


@pk.function
def _pk_fn_distance(p1: pk.View1D[pk.double], p2: pk.View1D[pk.double]) -> pk.double:
    dx: pk.double = p1[0] - p2[0]
    dy: pk.double = p1[1] - p2[1]
    dz: pk.double = p1[2] - p2[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


@pk.workunit
def _pk_distance(tid, acc: pk.Acc[pk.double], p1, p2):
    dx: pk.double = p1[0] - p2[0]
    dy: pk.double = p1[1] - p2[1]
    dz: pk.double = p1[2] - p2[2]
    acc += math.sqrt(dx * dx + dy * dy + dz * dz)


def distance(p1, p2):
    return pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_distance,
        p1=pk.array(p1),
        p2=pk.array(p2))


@pk.workunit
def _pk_potential(tid, acc: pk.Acc[pk.double], cluster):
    i: pk.int64 = tid
    for j in range(i + 1, cluster.extent(0)):
        _pk_sv0 = cluster[i, :]
        _pk_sv1 = cluster[j, :]
        r: pk.double = _pk_fn_distance(_pk_sv0, _pk_sv1)
        acc += _pk_fn_lj(r)


def potential(cluster):
    energy = pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, int(cluster.shape[0]) - 1), _pk_potential,
        cluster=pk.array(np.asarray(cluster, dtype=np.float64)))
    return energy
