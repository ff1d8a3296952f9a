"""A module of three workunits, the way a translated host program or a
hand-written PyKokkos script has them: a scaling pass, a shift that reads the
scaled array, and a sum. `scale` and `total` are annotated; `shift` takes
its `x` from whatever the caller passes (type propagation). Run by
test_module_units.py through module_worker.py."""
import numpy as np
import pykokkos as pk


@pk.workunit
def scale(i, factor: float, x: pk.View1D[pk.double]):
    x[i] = x[i] * factor


@pk.workunit
def shift(i, x, y: pk.View1D[pk.double]):
    y[i] = x[i] + 1.0


@pk.workunit
def total(i, acc: pk.Acc[pk.double], y: pk.View1D[pk.double]):
    acc += y[i]


def pipeline(x, y):
    n = x.shape[0]
    pk.parallel_for(n, scale, factor=2.0, x=x)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, n), shift, x=x, y=y)
    return pk.parallel_reduce(n, total, y=y)


if __name__ == "__main__":
    x = np.arange(8, dtype=np.float64)
    print(pipeline(x, np.zeros(8)))
