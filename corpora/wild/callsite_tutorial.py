"""A tutorial notebook turned into a script: kernels defined first, then an `if __name__ == "__main__":`
block that builds its inputs with NumPy and calls them. No run markers and no recorded types: the types
come from the file's own calls (an integer sum, floor division of floats).
"""
import numpy as np
from numba import njit, prange


@njit
def sum_of_squares(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * a[i]
    return s


@njit(parallel=True)
def bucket(x, width, out):
    for i in prange(x.shape[0]):
        out[i] = x[i] // width


@njit
def running_max(a):
    out = np.empty_like(a)
    m = a[0]
    for i in range(a.shape[0]):
        if a[i] > m:
            m = a[i]
        out[i] = m
    return out


if __name__ == "__main__":
    n = 1000
    a = np.arange(n)
    print("sum of squares:", sum_of_squares(a))

    x = np.random.rand(n) * 10.0
    out = np.empty(n)
    bucket(x, 2.5, out)
    print("buckets:", out[:8])

    walk = np.random.randint(-3, 4, size=n)
    print("running max:", running_max(walk)[-1])
