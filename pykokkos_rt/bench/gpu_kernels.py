"""The workunits of bench_gpu.py, in a module of their own so that the Numba
side of the benchmark never imports pykokkos (and never starts its OpenMP pool)."""
import math

import pykokkos as pk


@pk.workunit
def lj_pairs(i, acc: pk.Acc[pk.double], cluster: pk.View2D[pk.double], n: int):
    for j in range(i + 1, n):
        dx: pk.double = cluster[i][0] - cluster[j][0]
        dy: pk.double = cluster[i][1] - cluster[j][1]
        dz: pk.double = cluster[i][2] - cluster[j][2]
        r: pk.double = math.sqrt(dx * dx + dy * dy + dz * dz)
        sr6: pk.double = (1.0 / r) ** 6
        acc += 4.0 * (sr6 * sr6 - sr6)


@pk.workunit
def triad(i, a: pk.View1D[pk.double], b: pk.View1D[pk.double], c: pk.View1D[pk.double], s: pk.double):
    a[i] = b[i] + s * c[i]
