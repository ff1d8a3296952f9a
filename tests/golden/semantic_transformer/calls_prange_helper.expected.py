# A parallel helper called from a kernel: its @pk.function copy runs its
# prange loop serially inside the caller's thread (note CRB510), as Numba
# runs prange without parallel=True; the helper keeps its own parallel
# translation for Python callers.
import pykokkos as pk


@pk.function
def _pk_fn_row_total(v: pk.View1D[pk.double], _pk_v_extent0: pk.int64) -> pk.double:
    # expect: CRB510
    s: pk.double = 0.0
    for k in range(_pk_v_extent0):
        s += v[k]
    return s


@pk.workunit
def _pk_row_total(tid, acc: pk.Acc[pk.double], v):
    # expect: CRB510
    k: pk.int64 = tid
    acc += v[k]


def row_total(v):
    s = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, v.shape[0]), _pk_row_total,
        v=pk.array(v))
    return s


@pk.workunit
def _pk_totals(tid, m: pk.View2D[pk.double], out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    _pk_sv0 = m[i, :]
    out[i] = _pk_fn_row_total(_pk_sv0, _pk_sv0.extent(0))


def totals(m, out):
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, m.shape[0]), _pk_totals,
        m=pk.array(m),
        out=pk.array(out))
