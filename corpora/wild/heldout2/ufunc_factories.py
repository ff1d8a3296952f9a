"""@vectorize and @guvectorize ufuncs, the Numba way of writing NumPy ufuncs, beside @njit callers.

Eager and lazy @vectorize (a logistic, a clipped relu, a two-argument hypotenuse with two signatures),
a @guvectorize moving average over the last axis and a row-norm gufunc, and an @njit kernel that
calls a @vectorize function element by element.
"""
import math
import numpy as np
from numba import guvectorize, njit, vectorize, float64, float32, int64


@vectorize([float64(float64)])
def logistic(x):
    return 1.0 / (1.0 + math.exp(-x))


@vectorize
def clipped_relu(x, cap):
    if x < 0:
        return 0.0
    return min(x, cap)


@vectorize([float64(float64, float64), float32(float32, float32)], nopython=True)
def hypot2(a, b):
    return math.sqrt(a * a + b * b)


@guvectorize([(float64[:], int64, float64[:])], "(n),()->(n)")
def move_mean(a, window, out):
    asum = 0.0
    count = 0
    for i in range(window):
        asum += a[i]
        count += 1
        out[i] = asum / count
    for i in range(window, len(a)):
        asum += a[i] - a[i - window]
        out[i] = asum / count


@guvectorize(["void(float64[:], float64[:])"], "(n)->()")
def row_norm(v, res):
    s = 0.0
    for i in range(v.shape[0]):
        s += v[i] * v[i]
    res[0] = math.sqrt(s)


# caramba: runas apply_logistic(rng.standard_normal(N))
@njit
def apply_logistic(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = logistic(x[i])
    return out


# caramba: runas logistic_loop(rng.standard_normal(N))
@njit
def logistic_loop(x):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = 1.0 / (1.0 + math.exp(-x[i]))
    return out


if __name__ == "__main__":
    x = np.random.randn(10)
    print(logistic(x)[:3], clipped_relu(x, 1.0)[:3], hypot2(x, x)[:3])
    print(move_mean(np.arange(10.0), 3), row_norm(np.ones((3, 4))))
    print(np.allclose(apply_logistic(x), logistic_loop(x)))
