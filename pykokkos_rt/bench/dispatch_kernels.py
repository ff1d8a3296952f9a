"""The workunit of bench_dispatch.py (a module of its own: the parent process
of that benchmark never imports pykokkos, so it never starts an OpenMP pool)."""
import pykokkos as pk


@pk.workunit
def touch(i, x):
    x[i] = x[i] + 1.0
