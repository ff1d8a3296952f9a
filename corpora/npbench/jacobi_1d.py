"""Jacobi 1-D stencil (PolyBench / NPBench): two arrays swap roles every time
step, each update written as one slice expression over the interior."""
import numpy as np
import numba as nb


def initialize(N, TSTEPS=20, datatype=np.float64):
    A = np.fromfunction(lambda i: (i + 2) / N, (N,), dtype=datatype)
    B = np.fromfunction(lambda i: (i + 3) / N, (N,), dtype=datatype)
    return TSTEPS, A, B


# caramba: sizes N=100,100000
# caramba: runas kernel(*initialize(N))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def kernel(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])


# The same computation written with prange loops, as in NPBench's
# "numba_npr" variants.
# caramba: runas kernel_prange(*initialize(N))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel_prange(TSTEPS, A, B):
    n = A.shape[0]
    for t in range(1, TSTEPS):
        for i in nb.prange(1, n - 1):
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1])
        for i in nb.prange(1, n - 1):
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1])
