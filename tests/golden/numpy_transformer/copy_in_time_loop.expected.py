import numpy as np
from numba import njit


# A copy made at every step of a time loop: one array, allocated before the
# loop, serves every step (nothing keeps the previous step's copy), and the
# copy is a loop that fills it.
@njit("float64[:, :](float64[:, :], int64)")
def relax(u, steps):
    un = np.empty((u.shape[0], u.shape[1]), dtype=np.float64)
    for t in range(steps):
        # un = u.copy()
        for _pk_np_i0 in range(u.shape[0]):
            for _pk_np_i1 in range(u.shape[1]):
                un[_pk_np_i0, _pk_np_i1] = u[_pk_np_i0, _pk_np_i1]
        # u[1:-1, 1:-1] = 0.25 * (un[1:-1, :-2] + un[1:-1, 2:] + un[2:, 1:-1] + un[:-2, 1:-1])
        for _pk_np_i0 in range(1, u.shape[0] - 1):
            for _pk_np_i1 in range(1, u.shape[1] - 1):
                u[_pk_np_i0, _pk_np_i1] = 0.25 * (un[_pk_np_i0, _pk_np_i1 - 1] + un[_pk_np_i0, _pk_np_i1 + 1] + un[_pk_np_i0 + 1, _pk_np_i1] + un[_pk_np_i0 - 1, _pk_np_i1])
    return u
