# Arrays whose dtype is only assumed (CRB501) and that reach a @pk.function:
# `src` is only read, so the caller passes it as float64 (no copy when it is);
# `m` is written through a row subview by the helper, so it is passed as it
# is, and the runtime rejects another dtype at the call (note CRB511).
import pykokkos as pk
import numpy as np


@pk.function
def _pk_fn_fill(v: pk.View1D[pk.double], x: pk.double) -> None:
    for k in range(v.extent(0)):
        v[k] = x


@pk.workunit
def _pk_fill(tid, v, x: pk.double):
    k: pk.int64 = tid
    v[k] = x


def fill(v, x):
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, v.shape[0]), _pk_fill, v=pk.array(v), x=x)


@pk.function
def _pk_fn_first(v: pk.View1D[pk.double]) -> pk.double:
    return v[0]


@pk.workunit
def _pk_first(tid, acc: pk.Acc[pk.double], v):
    acc += v[0]


def first(v):
    _pk_result = pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_first, v=pk.array(v))
    return int(_pk_result) if v.dtype.kind in "iub" else _pk_result


@pk.workunit
def _pk_rows(tid, m, src):
    # expect: CRB511
    i: pk.int64 = tid
    _pk_sv0 = m[i, :]
    _pk_sv1 = src[i, :]
    _pk_fn_fill(_pk_sv0, _pk_fn_first(_pk_sv1))


def rows(m, src):
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, m.shape[0]), _pk_rows,
        m=pk.array(m),
        src=pk.array(np.asarray(src, dtype=np.float64)))
