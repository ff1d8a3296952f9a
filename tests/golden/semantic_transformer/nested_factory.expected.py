# A kernel a factory returns: its workunit and caller at module level, the
# def left in the factory calls the caller with the closure's value.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_make_axpy_axpy(tid, x, y, alpha: pk.double, out: pk.View1D[pk.double]):
    i: pk.int64 = tid
    out[i] = alpha * x[i] + y[i]


def make_axpy_axpy(x, y, alpha):
    out = np.empty_like(x)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_make_axpy_axpy,
        x=pk.array(x),
        y=pk.array(y),
        alpha=alpha,
        out=pk.array(out))
    return out


def make_axpy(alpha):
    def axpy(x, y):
        return make_axpy_axpy(x, y, alpha)
    return axpy


@pk.workunit
def _pk_make_summer_total(tid, acc: pk.Acc[pk.double], x):
    i: pk.int64 = tid
    acc += x[i]


def make_summer_total(x):
    s = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_make_summer_total,
        x=pk.array(x))
    return s


def make_summer():
    def total(x):
        return make_summer_total(x)
    return total
