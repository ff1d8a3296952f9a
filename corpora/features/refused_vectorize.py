"""@vectorize and @guvectorize build NumPy ufuncs."""
import numpy as np
from numba import float64, guvectorize, vectorize


# caramba: runas rel_diff(np.random.rand(N) + 1.0, np.random.rand(N) + 1.0)
@vectorize([float64(float64, float64)])
def rel_diff(x, y):
    return 2.0 * (x - y) / (x + y)


# caramba: runas running_sum(np.random.rand(8, N2), np.zeros((8, N2)))
@guvectorize([(float64[:], float64[:])], "(n)->(n)")
def running_sum(a, out):
    acc = 0.0
    for i in range(a.shape[0]):
        acc += a[i]
        out[i] = acc
