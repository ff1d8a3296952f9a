# One refusal per refused construct, and it says what to do: the copy made in
# the time loop and bound again (a damped Jacobi sweep) is the reason; the indexing of the copy that
# follows is its echo, not a second finding ("indexes 'unew', which is not an
# array" used to follow). The shape tuple of grid is written where it is used.
import numpy as np
from numba import njit


@njit("float64[:, :](float64[:, :], float64[:, :], float64, int64)")
def jacobi(u, f, h, iters):
    for it in range(iters):
        unew = u.copy()  # expect: CRB207
        for i in range(1, u.shape[0] - 1):
            for j in range(1, u.shape[1] - 1):
                unew[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - h * h * f[i, j])
        unew = 0.5 * (unew + u)  # expect: CRB207
        u[:, :] = unew
    return u


@njit("float64[:, :](int64, int64)")
def grid(n, m):
    shape = (n, m)
    v = np.zeros(shape)
    for i in range(n):
        for j in range(m):
            v[i, j] = i + 0.5 * j
    return v
