# Scalar helpers that both a kernel and Python code call (the Lennard-Jones
# style): Python calls the @pk.function copy directly, with no launch, when
# CPython computes its body exactly as Numba does (float64 arithmetic, a
# square root of a sum of squares); `math.exp` may overflow, which CPython
# raises where Numba returns inf, so `weight` keeps its launch.
import math

import pykokkos as pk
import numpy as np


@pk.function
def _pk_fn_lj(r: pk.double) -> pk.double:
    sr6: pk.double = (((1.0 / r) * (1.0 / r)) * (((1.0 / r) * (1.0 / r)) * ((1.0 / r) * (1.0 / r))))
    return 4.0 * (sr6 * sr6 - sr6)


def lj(r):
    """Pair energy at distance r."""
    return float(_pk_fn_lj(float(r)))


@pk.function
def _pk_fn_dist(dx: pk.double, dy: pk.double) -> pk.double:
    return math.sqrt(dx * dx + dy * dy)


def dist(dx, dy):
    return float(_pk_fn_dist(float(dx), float(dy)))


@pk.function
def _pk_fn_weight(r: pk.double) -> pk.double:
    return math.exp(-r)


@pk.workunit
def _pk_weight(tid, acc: pk.Acc[pk.double], r: pk.double):
    acc += math.exp(-r)


def weight(r):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_weight, r=r)


@pk.workunit
def _pk_energy(tid, acc: pk.Acc[pk.double], pos: pk.View2D[pk.double]):
    i: pk.int64 = tid
    r: pk.double = _pk_fn_dist(pos[i][0], pos[i][1])
    acc += _pk_fn_lj(r) * _pk_fn_weight(r)


def energy(pos):
    e = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, pos.shape[0]), _pk_energy,
        pos=pk.array(pos))
    return e
