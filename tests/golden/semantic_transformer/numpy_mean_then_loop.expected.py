# A NumPy reduction lowered to a loop before a serial loop: the accumulator is
# declared at its first assignment, before the lowered loop (it was declared
# after it, from the set-up statement that uses it, and reset to 0).
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_mean_var(tid, acc: pk.Acc[pk.double], x):
    # m = np.mean(x)
    _pk_np_acc0: pk.double = 0.0
    for _pk_np_i0 in range(x.extent(0)):
        _pk_np_acc0 += x[_pk_np_i0]
    m: pk.double = (_pk_np_acc0 / int(x.extent(0)))
    v: pk.double = 0.0
    for i in range(x.extent(0)):
        v += ((x[i] - m) * (x[i] - m))
    acc += v / int(x.extent(0))


def mean_var(x):
    if int(x.shape[0]) == 0:
        raise ZeroDivisionError("division by zero in np.mean of an empty array")
    return pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1), _pk_mean_var, x=pk.array(x))
