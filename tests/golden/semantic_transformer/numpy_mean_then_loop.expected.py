# A NumPy reduction lowered to a loop before a serial loop: the accumulator is
# declared at its first assignment, before the lowered loop (it was declared
# after it, from the set-up statement that uses it, and reset to 0).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_mean_var_phase1(tid, acc: pk.Acc[pk.double], x):
    _pk_np_i0: pk.int64 = tid
    acc += x[_pk_np_i0]


@pk.workunit
def _pk_mean_var_phase2(tid, acc: pk.Acc[pk.double], x, m: pk.double):
    i: pk.int64 = tid
    acc += ((x[i] - m) * (x[i] - m))


def mean_var(x):
    # m = np.mean(x)
    if x.shape[0] == 0:
        raise ZeroDivisionError("division by zero in np.mean of an empty array")
    _pk_np_acc0 = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_mean_var_phase1,
        x=pk.array(x))
    m = (_pk_np_acc0 / x.shape[0])
    v = pk.parallel_reduce(pk.RangePolicy(pk.get_default_space(), 0, x.shape[0]), _pk_mean_var_phase2,
        x=pk.array(x),
        m=m)
    return v / x.shape[0]
