# np.dot and np.linalg.norm of indexed arrays: the arguments must be vectors,
# so `x` is 2-D and the reductions loop over its rows (was CRB208: "x[i] is
# not an array here", with `x` taken as 1-D).
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def gram(x, out):
    n = x.shape[0]
    for i in prange(n):
        for j in range(n):
            out[i, j] = np.dot(x[i], x[j]) / np.linalg.norm(x[j])
