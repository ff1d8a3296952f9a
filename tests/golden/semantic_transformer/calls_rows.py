# The thesis's snippet 2.2: `distance(cluster[i], cluster[j])` with
# `distance` indexing its parameters makes `cluster` 2-D and the arguments
# row subviews, bound to names before the statement (SubviewTransformer).
import math

import numba


@numba.njit
def lj(r):  # expect: CRB140
    sr6 = (1.0 / r) ** 6
    return 4.0 * (sr6 * sr6 - sr6)


@numba.njit
def distance(p1, p2):  # expect: CRB140
    dx = p1[0] - p2[0]
    dy = p1[1] - p2[1]
    dz = p1[2] - p2[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


@numba.njit("float64(float64[:, :])", parallel=True)
def potential(cluster):
    energy = 0.0
    for i in numba.prange(len(cluster) - 1):
        for j in range(i + 1, len(cluster)):
            r = distance(cluster[i], cluster[j])
            energy += lj(r)
    return energy
