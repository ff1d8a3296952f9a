# Regression (kmeans update_centroids): a name that is both a loop variable
# and assigned outside that loop gets its own declaration; the `for` shadows it.
# With phases the two loops run as phases of their own (the reused name is private to each); --no-phases
# keeps this case about the declaration.
# caramba-options: --no-phases
import numpy as np
import pykokkos as pk


@pk.workunit
def _pk_update(tid, points: pk.View2D[pk.double], labels: pk.View1D[pk.int64], sums: pk.View2D[pk.double]):
    c: pk.int64 = 0
    for i in range(points.extent(0)):
        c = labels[i]
        for j in range(points.extent(1)):
            sums[c][j] += points[i][j]
    for c in range(sums.extent(0)):
        sums[c][0] += 1.0


def update(points, labels, sums):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_update,
        points=pk.array(points),
        labels=pk.array(labels),
        sums=pk.array(sums))
