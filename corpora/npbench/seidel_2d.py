"""Gauss-Seidel 2-D nine-point sweep (PolyBench seidel-2d). Each row reads
the row it is updating, so the inner loop is a true recurrence; NPBench keeps
the j loop explicit and vectorises only the part that can be."""
import numpy as np
import numba as nb


def initialize(N, TSTEPS=4, datatype=np.float64):
    A = np.fromfunction(lambda i, j: (i * (j + 2) + 2) / N, (N, N), dtype=datatype)
    return TSTEPS, N, A


# caramba: sizes N=100,40000
# caramba: runas kernel(*initialize(N2))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(TSTEPS, N, A):
    for t in range(0, TSTEPS - 1):
        for i in range(1, N - 1):
            A[i, 1:-1] += (A[i - 1, :-2] + A[i - 1, 1:-1] + A[i - 1, 2:] +
                           A[i, 2:] + A[i + 1, :-2] + A[i + 1, 1:-1] +
                           A[i + 1, 2:])
            for j in range(1, N - 1):
                A[i, j] += A[i, j - 1]
                A[i, j] /= 9.0


# caramba: runas kernel_loops(*initialize(N2))
@nb.njit
def kernel_loops(TSTEPS, N, A):
    for t in range(0, TSTEPS - 1):
        for i in range(1, N - 1):
            for j in range(1, N - 1):
                A[i, j] = (A[i - 1, j - 1] + A[i - 1, j] + A[i - 1, j + 1] +
                           A[i, j - 1] + A[i, j] + A[i, j + 1] +
                           A[i + 1, j - 1] + A[i + 1, j] + A[i + 1, j + 1]) / 9.0
