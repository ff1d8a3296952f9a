from numba import njit


@njit
def weighted(a, w):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * w[i]
    return s
