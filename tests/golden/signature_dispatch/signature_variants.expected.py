import numpy as np
from numba import njit
import pykokkos as pk


# A vector and a matrix (one kernel for both, as scripts write it): one
# translation per rank, and `clip_negative` calls the one the argument selects.
def clip_negative(x):
    # Translated once per kind of arguments Numba compiled it for (CRB144).
    if isinstance(x, np.ndarray) and x.ndim == 1 and x.dtype == np.float64:
        return clip_negative_1d(x)
    if isinstance(x, np.ndarray) and x.ndim == 2 and x.dtype == np.float64:
        return clip_negative_2d(x)
    raise TypeError("clip_negative() was translated for x of these kinds only: (1-D float64 array) or (2-D float64 array); record the types of this call (caramba record) and translate again")


@pk.workunit
def _pk_clip_negative_1d(tid, x: pk.View1D[pk.double], _pk_np_r0: pk.View1D[pk.double]):
    # expect: CRB144
    # return np.maximum(x, 0.0)
    _pk_np_i0: pk.int64 = tid
    _pk_np_m1: pk.double = x[_pk_np_i0]
    _pk_t0: pk.double = 0.0
    if _pk_np_m1 >= 0.0 or _pk_np_m1 != _pk_np_m1:
        _pk_t0 = _pk_np_m1
    else:
        _pk_t0 = 0.0
    _pk_np_r0[_pk_np_i0] = (_pk_t0)


def clip_negative_1d(x):
    _pk_np_r0 = np.empty(int(x.shape[0]), dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_clip_negative_1d,
        x=pk.array(x),
        _pk_np_r0=pk.array(_pk_np_r0))
    return _pk_np_r0


@pk.workunit
def _pk_clip_negative_2d(tid, x: pk.View2D[pk.double], _pk_np_r0: pk.View2D[pk.double]):
    # expect: CRB144
    # return np.maximum(x, 0.0)
    _pk_np_i0: pk.int64 = tid
    for _pk_np_i1 in range(x.extent(1)):
        _pk_np_m1: pk.double = x[_pk_np_i0][_pk_np_i1]
        _pk_t0: pk.double = 0.0
        if _pk_np_m1 >= 0.0 or _pk_np_m1 != _pk_np_m1:
            _pk_t0 = _pk_np_m1
        else:
            _pk_t0 = 0.0
        _pk_np_r0[_pk_np_i0][_pk_np_i1] = (_pk_t0)


def clip_negative_2d(x):
    _pk_np_r0 = np.empty((int(x.shape[0]), int(x.shape[1])), dtype=np.float64)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_clip_negative_2d,
        x=pk.array(x),
        _pk_np_r0=pk.array(_pk_np_r0))
    return _pk_np_r0


# An int and a float: kernels calling it get one @pk.function per signature,
# Python calls get the translation of the argument's type.
@pk.function
def _pk_fn_cube(v: pk.int64) -> pk.int64:
    # expect: CRB144
    return v * v * v


@pk.function
def _pk_fn_cube_1(v: pk.double) -> pk.double:
    # expect: CRB144
    return v * v * v


def cube(v):
    # Translated once per kind of arguments Numba compiled it for (CRB144).
    if type(v) in (int, np.int64):
        return cube_int64(v)
    if type(v) in (float, np.float64):
        return cube_float64(v)
    raise TypeError("cube() was translated for v of these kinds only: (int64) or (float64); record the types of this call (caramba record) and translate again")


@pk.workunit
def _pk_cube_int64(tid, acc: pk.Acc[pk.int64], v: pk.int64):
    # expect: CRB144
    acc += v * v * v


def cube_int64(v):
    return int(pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_cube_int64, v=v))


@pk.workunit
def _pk_cube_float64(tid, acc: pk.Acc[pk.double], v: pk.double):
    # expect: CRB144
    acc += v * v * v


def cube_float64(v):
    return pk.parallel_reduce(pk.RangePolicy(pk.Serial, 0, 1), _pk_cube_float64, v=v)


@pk.workunit
def _pk_cubes(tid, ints: pk.View1D[pk.int64], floats: pk.View1D[pk.double], out: pk.View1D[pk.double]):
    for i in range(ints.extent(0)):
        out[i] = _pk_fn_cube(ints[i]) + _pk_fn_cube_1(floats[i])


def cubes(ints, floats, out):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_cubes,
        ints=pk.array(ints),
        floats=pk.array(floats),
        out=pk.array(out))


# Called from a kernel that stays Numba code (it prints): kept whole, and
# CRB141 says why.
@njit(["float64(float64[:])", "float64(float64[:, :])"])
def total(a):  # expect: CRB141
    return np.sum(a)


@njit("void(float64[:])")
def report(a):
    print(total(a))  # expect: CRB111
