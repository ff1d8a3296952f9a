"""PolyBench stencils (NPBench jacobi_1d, jacobi_2d, heat_3d) written the way
many ports write them: each time step keeps the old field in a temporary (a
copy, or an array from np.empty_like / np.zeros) and updates from it, or swaps
two fields."""
import numpy as np
import numba as nb


def initialize_2d(N, datatype=np.float64):
    A = np.fromfunction(lambda i, j: i * (j + 2) / N, (N, N), dtype=datatype)
    return A


def initialize_3d(N, datatype=np.float64):
    A = np.fromfunction(lambda i, j, k: (i + j + (N - k)) * 10 / N, (N, N, N), dtype=datatype)
    return A


# caramba: runas jacobi_1d_tmp(8, np.linspace(0.0, 1.0, N) ** 2)
@nb.jit(nopython=True, fastmath=True)
def jacobi_1d_tmp(TSTEPS, A):
    for t in range(TSTEPS):
        tmp = np.empty_like(A)
        tmp[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = tmp[1:-1]
    return A


# caramba: sizes N=100,90000
# caramba: runas jacobi_2d_copy(10, initialize_2d(N2))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def jacobi_2d_copy(TSTEPS, A):
    for t in range(1, TSTEPS):
        Aold = A.copy()
        A[1:-1, 1:-1] = 0.2 * (Aold[1:-1, 1:-1] + Aold[1:-1, :-2] + Aold[1:-1, 2:] +
                               Aold[2:, 1:-1] + Aold[:-2, 1:-1])


# caramba: sizes N=1000,125000
# caramba: runas heat_3d_copy(6, initialize_3d(N3))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def heat_3d_copy(TSTEPS, A):
    for t in range(1, TSTEPS):
        An = np.copy(A)
        A[1:-1, 1:-1, 1:-1] = (An[1:-1, 1:-1, 1:-1] +
                               0.125 * (An[2:, 1:-1, 1:-1] - 2.0 * An[1:-1, 1:-1, 1:-1] + An[:-2, 1:-1, 1:-1]) +
                               0.125 * (An[1:-1, 2:, 1:-1] - 2.0 * An[1:-1, 1:-1, 1:-1] + An[1:-1, :-2, 1:-1]) +
                               0.125 * (An[1:-1, 1:-1, 2:] - 2.0 * An[1:-1, 1:-1, 1:-1] + An[1:-1, 1:-1, :-2]))
    return A


# The residual of each sweep in a temporary, its norm tracked per step.
# caramba: sizes N=100,90000
# caramba: runas jacobi_2d_residual(10, initialize_2d(N2), np.zeros(10))
@nb.njit
def jacobi_2d_residual(TSTEPS, A, norms):
    n, m = A.shape
    for t in range(TSTEPS):
        r = np.zeros((n - 2, m - 2))
        r[:, :] = 0.25 * (A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1]) - A[1:-1, 1:-1]
        A[1:-1, 1:-1] += r
        norms[t] = np.sqrt(np.sum(r * r))
    return A


# Two fields, swapped after every sweep.
# caramba: sizes N=100,90000
# caramba: runas jacobi_2d_swap(10, initialize_2d(N2))
@nb.njit
def jacobi_2d_swap(TSTEPS, A):
    u = A.copy()
    un = A.copy()
    for t in range(TSTEPS):
        un[1:-1, 1:-1] = 0.2 * (u[1:-1, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] + u[2:, 1:-1] + u[:-2, 1:-1])
        u, un = un, u
    return u
