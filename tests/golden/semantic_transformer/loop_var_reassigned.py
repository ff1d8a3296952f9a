# Regression (kmeans update_centroids): a name that is both a loop variable
# and assigned outside that loop gets its own declaration; the `for` shadows it.
# With phases the two loops run as phases of their own (the reused name is private to each); --no-phases
# keeps this case about the declaration.
# caramba-options: --no-phases
import numpy as np
from numba import njit


@njit("void(float64[:, :], int64[:], float64[:, :])")
def update(points, labels, sums):
    for i in range(points.shape[0]):
        c = labels[i]
        for j in range(points.shape[1]):
            sums[c, j] += points[i, j]
    for c in range(sums.shape[0]):
        sums[c, 0] += 1.0
