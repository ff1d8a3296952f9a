"""Examples in the style of Numba's user guide and "5 minute guide": a
Monte Carlo estimate of pi with np.random, a bubble sort, a 2-D sum, a
cumulative product, and eager signatures."""
import numpy as np
import random
from numba import jit, njit, float64, int64


# caramba: runas monte_carlo_pi(10000)
@jit(nopython=True)
def monte_carlo_pi(nsamples):
    acc = 0
    for i in range(nsamples):
        x = random.random()
        y = random.random()
        if (x ** 2 + y ** 2) < 1.0:
            acc += 1
    return 4.0 * acc / nsamples


# caramba: runas bubblesort(rng.random(N2))
@njit
def bubblesort(X):
    N = len(X)
    for end in range(N, 1, -1):
        for i in range(end - 1):
            cur = X[i]
            if cur > X[i + 1]:
                tmp = X[i]
                X[i] = X[i + 1]
                X[i + 1] = tmp


# caramba: runas sum2d(rng.random((N2, N2)))
@jit(float64(float64[:, :]), nopython=True)
def sum2d(arr):
    M, N = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            result += arr[i, j]
    return result


# caramba: runas cumulative_product(rng.random(N) + 0.5)
@njit
def cumulative_product(a):
    out = np.empty_like(a)
    acc = 1.0
    for i, v in enumerate(a):
        acc *= v
        out[i] = acc
    return out, np.cumprod(a)


# caramba: runas fib_table(40)
@njit(int64[:](int64))
def fib_table(n):
    f = np.zeros(n, dtype=np.int64)
    f[1] = 1
    for i in range(2, n):
        f[i] = f[i - 1] + f[i - 2]
    return f
