# A serial (time) loop whose body is only a parallel loop runs in the caller,
# one dispatch per step; the step variable is passed to the workunit.
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_relax(tid, a, steps: pk.int64, t: pk.int64):
    i: pk.int64 = tid
    a[i] = 0.5 * a[i] + t


def relax(a, steps):
    if a.dtype == bool:
        raise TypeError("'relax': 'a' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (a.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    for t in range(steps):
        pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_relax,
            a=pk.array(a),
            steps=steps,
            t=t)


@pk.workunit
def _pk_repeat_scale(tid, a, steps: pk.int64):
    i: pk.int64 = tid
    a[i] = 0.5 * a[i] + 1.0


def repeat_scale(a, steps):
    if a.dtype == bool:
        raise TypeError("'repeat_scale': 'a' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (a.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    for it in range(steps):
        pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, a.shape[0]), _pk_repeat_scale,
            a=pk.array(a),
            steps=steps)


@pk.workunit
def _pk_heat(tid, u, v, alpha: pk.double, steps: pk.int64):
    n: pk.int64 = u.extent(0)
    i: pk.int64 = 1 + tid
    v[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])


def heat(u, v, alpha, steps):
    n = u.shape[0]
    if v.dtype == bool:
        raise TypeError("'heat': 'v' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (v.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
    for s in range(steps):
        pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, len(range(1, n - 1))), _pk_heat,
            u=pk.array(u),
            v=pk.array(v),
            alpha=alpha,
            steps=steps)
    return v
