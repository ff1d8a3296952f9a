"""The shape of the translated thesis file lennard_jones.py: a helper that
Python code calls directly, dispatched on pk.Serial (one iteration), and the
pair loop, dispatched on pk.get_default_space(). A script calls the helper
first. Run by test_module_units.py through spaces_worker.py."""
import math

import pykokkos as pk


@pk.function
def _pk_fn_distance(p1: pk.View1D[pk.double], p2: pk.View1D[pk.double]) -> pk.double:
    dx: pk.double = p1[0] - p2[0]
    dy: pk.double = p1[1] - p2[1]
    dz: pk.double = p1[2] - p2[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


@pk.workunit
def _pk_distance(tid, acc: pk.Acc[pk.double], p1: pk.View1D[pk.double], p2: pk.View1D[pk.double]):
    acc += _pk_fn_distance(p1, p2)


def distance(p1, p2):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_distance, p1=pk.array(p1), p2=pk.array(p2))


@pk.workunit
def _pk_potential(i, acc: pk.Acc[pk.double], cluster: pk.View2D[pk.double]):
    for j in range(i + 1, cluster.extent(0)):
        _pk_sv0 = cluster[i, :]
        _pk_sv1 = cluster[j, :]
        r: pk.double = _pk_fn_distance(_pk_sv0, _pk_sv1)
        sr6: pk.double = (1.0 / r) * (1.0 / r) * (1.0 / r) * (1.0 / r) * (1.0 / r) * (1.0 / r)
        acc += 4.0 * (sr6 * sr6 - sr6)


def potential(cluster):
    return pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, int(cluster.shape[0]) - 1), _pk_potential,
                              cluster=pk.array(cluster))
