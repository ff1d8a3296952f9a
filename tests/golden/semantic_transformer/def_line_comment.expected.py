# Regression (found by the LSP tests): a comment on the def line of a prange
# kernel must survive translation.
import pykokkos as pk


@pk.workunit
def _pk_saxpy(tid, a: pk.double, x, y, out):
    # keep this comment
    i: pk.int64 = tid
    out[i] = a * x[i] + y[i]  # body comment


def saxpy(a, x, y, out):
    if out.dtype == bool:
        raise TypeError("'saxpy': 'out' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (out.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_saxpy,
        a=a,
        x=pk.array(x),
        y=pk.array(y),
        out=pk.array(out))
