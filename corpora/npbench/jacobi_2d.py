"""Jacobi 2-D five-point stencil (PolyBench / NPBench), slice form and a
variant that allocates the result of each sweep."""
import numpy as np
import numba as nb


def initialize(N, TSTEPS=10, datatype=np.float64):
    A = np.fromfunction(lambda i, j: i * (j + 2) / N, (N, N), dtype=datatype)
    B = np.fromfunction(lambda i, j: i * (j + 3) / N, (N, N), dtype=datatype)
    return TSTEPS, A, B


# caramba: sizes N=100,90000
# caramba: runas kernel(*initialize(N2))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] +
                               A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] +
                               B[2:, 1:-1] + B[:-2, 1:-1])


# caramba: runas jacobi_copy(initialize(N2)[1], 8)
@nb.njit
def jacobi_copy(u, iterations):
    for it in range(iterations):
        new = u.copy()
        new[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        u = new
    return u
