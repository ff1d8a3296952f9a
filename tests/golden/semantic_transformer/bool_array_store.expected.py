# A kernel that stores bools into a bool array: the caller passes the
# array's uint8 view (pk.array would copy a bool array), so the stores reach
# the caller's array; each store is a bool, 0 or 1 in the view.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_above(tid, x: pk.View1D[pk.double], flags: pk.View1D[pk.uint8]):
    i: pk.int64 = tid
    flags[i] = x[i] > 0.5


def above(x, flags):
    _pk_space = pk.Serial if np.may_share_memory(flags, x) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, x.shape[0]), _pk_above,
        x=pk.array(x),
        flags=pk.array(flags.view("uint8")))


@pk.workunit
def _pk_band(tid, x: pk.View1D[pk.double], w: pk.double, inside: pk.View1D[pk.uint8]):
    i: pk.int64 = tid
    inside[i] = False
    if x[i] < w:
        inside[i] = True
    inside[i] |= x[i] == 0.0


def band(x, w, inside):
    _pk_space = pk.Serial if np.may_share_memory(inside, x) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, x.shape[0]), _pk_band,
        x=pk.array(x),
        w=w,
        inside=pk.array(inside.view("uint8")))
