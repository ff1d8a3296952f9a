"""The "compute" benchmark of NPBench (from the Cython tutorial): a clipped,
scaled combination of two integer arrays, element-wise."""
import numpy as np
import numba as nb


def initialize(M, N):
    rng = np.random.default_rng(42)
    array_1 = rng.uniform(0, 1000, size=(M, N)).astype(np.int64)
    array_2 = rng.uniform(0, 1000, size=(M, N)).astype(np.int64)
    a = np.int64(4)
    b = np.int64(3)
    c = np.int64(9)
    return array_1, array_2, a, b, c


# caramba: runas compute(*initialize(N2, N2 + 7))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def compute(array_1, array_2, a, b, c):
    return np.clip(array_1, 2, 10) * a + array_2 * b + c


# caramba: runas compute_loops(*initialize(N2, N2 + 7))
@nb.njit(parallel=True)
def compute_loops(array_1, array_2, a, b, c):
    x_max, y_max = array_1.shape
    result = np.zeros((x_max, y_max), dtype=np.int64)
    for x in nb.prange(x_max):
        for y in range(y_max):
            tmp = min(max(array_1[x, y], 2), 10)
            tmp = tmp * a + array_2[x, y] * b
            result[x, y] = tmp + c
    return result
