# Square roots written as powers, the way physics codes often spell them:
# `** 0.5` of a sum of squares and of an integer become math.sqrt, `** -0.5`
# becomes 1 / math.sqrt; a base that may be -0.0 or -inf keeps the power
# (Numba's pow gives +0.0 and inf there, sqrt gives -0.0 and nan), and so does
# a float32 base (its square root would be computed in single precision).
import numpy as np
import pykokkos as pk
import math


@pk.workunit
def _pk_distances(tid, pos: pk.View2D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    dx: pk.double = pos[i][0]
    dy: pk.double = pos[i][1]
    out[i] = math.sqrt(dx * dx + dy * dy)


def distances(pos, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, pos.shape[0]), _pk_distances,
        pos=pk.array(pos),
        out=pk.array(out))


@pk.workunit
def _pk_inverse_norms(tid, pos: pk.View2D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    r2: pk.double = (pos[i][0] * pos[i][0]) + (pos[i][1] * pos[i][1]) + (pos[i][2] * pos[i][2])
    out[i] = (1.0 / math.sqrt(r2))


def inverse_norms(pos, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, pos.shape[0]), _pk_inverse_norms,
        pos=pk.array(pos),
        out=pk.array(out))


@pk.workunit
def _pk_integer_roots(tid, counts: pk.View1D[pk.int64], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = math.sqrt(counts[i])


def integer_roots(counts, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, counts.shape[0]), _pk_integer_roots,
        counts=pk.array(counts),
        out=pk.array(out))


@pk.workunit
def _pk_signed_roots(tid, x: pk.View1D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = x[i] ** 0.5


def signed_roots(x, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_signed_roots,
        x=pk.array(x),
        out=pk.array(out))


@pk.workunit
def _pk_single_roots(tid, x: pk.View1D[pk.float], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = (x[i] * x[i]) ** 0.5


def single_roots(x, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_single_roots,
        x=pk.array(x),
        out=pk.array(out))
