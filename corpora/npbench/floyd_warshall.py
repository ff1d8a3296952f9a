"""All-pairs shortest paths (PolyBench floyd-warshall): for every pivot k the
whole matrix is relaxed through row k and column k with np.minimum and
np.add.outer-style broadcasting."""
import numpy as np
import numba as nb


def initialize(N, datatype=np.int32):
    path = np.fromfunction(lambda i, j: i * j % 7 + 1, (N, N), dtype=datatype)
    for i in range(N):
        for j in range(N):
            if (i + j) % 13 == 0 or (i + j) % 7 == 0 or (i + j) % 11 == 0:
                path[i, j] = 999
    return (path,)


# caramba: sizes N=100,22500
# caramba: runas kernel(*initialize(N2))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(path):
    for k in range(path.shape[0]):
        col = path[:, k].copy().reshape((path.shape[0], 1))
        row = path[k, :].copy()
        path[:] = np.minimum(path, col + row)


# caramba: runas kernel_loops(*initialize(N2))
@nb.njit
def kernel_loops(path):
    n = path.shape[0]
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if path[i, k] + path[k, j] < path[i, j]:
                    path[i, j] = path[i, k] + path[k, j]
