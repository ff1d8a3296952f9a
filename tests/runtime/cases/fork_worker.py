"""Run by test_process_model.py: start Kokkos' OpenMP pool, then fork
(multiprocessing's default start method on Linux) and dispatch in the
children. Before the fix the children waited forever for the parent's pool
threads, which fork does not copy. Prints one JSON line."""
import json
import multiprocessing
import os
import sys

import numpy as np
import pykokkos as pk


@pk.workunit
def scale(i, a, x, out):
    out[i] = a * x[i]


@pk.workunit
def total(i, acc, x):
    acc += x[i]


def work(k):
    x = np.arange(1000, dtype=np.float64)
    out = np.zeros_like(x)
    pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, 1000), scale, a=float(k), x=x, out=out)
    s = pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, 1000), total, x=out)
    return s, float(pk.sum(pk.exp(x[:3] * 0)))  # a host ufunc runs on the OpenMP pool too


if __name__ == "__main__":
    space = sys.argv[1] if len(sys.argv) > 1 else "OpenMP"
    first = work(1)  # the parent's pool is running now
    with multiprocessing.get_context("fork").Pool(2) as pool:
        children = pool.map(work, [2, 3, 4])
    pid = os.fork()  # a bare fork, too
    if pid == 0:
        ok = work(5)[0] == 5 * 499500.0
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    again = work(6)  # and the parent's pool still works afterwards
    json.dump({"first": first, "children": children, "bare_child_ok": status == 0, "again": again,
               "threads": pk._core.concurrency()}, sys.stdout)
