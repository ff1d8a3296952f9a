"""A file whose one @pk.function reads an extent: fine for pykokkos_rt,
rejected by upstream's translator for every workunit of the file."""
import pykokkos as pk

EXTENT_LINE = 10


@pk.function
def last(x: pk.View1D[pk.double]) -> float:
    return x[x.extent(0) - 1]


@pk.workunit
def uses_last(i, x, out):
    out[i] = last(x)


@pk.workunit
def plain(i, out):
    out[i] = 1.0
