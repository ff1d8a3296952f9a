# ADI-style (PolyBench adi): in a kernel Numba runs serially, a loop that
# sweeps one line per step along another axis of the arrays (`p[1:N - 1, j]`)
# is one serial phase, its shape checks deferred to the host with the check's
# own indentation; the time loop around it, whose variable indexes nothing,
# stays on the host and dispatches the boundary line in parallel.
# Gram-Schmidt-style: a column loop around a triangular inner loop is one
# serial phase that stops at its failed check; the host raises.
import numpy as np
from numba import njit


@njit
def sweeps(T, N, u):
    p = np.empty(u.shape)
    for t in range(T):
        p[0, 1:N - 1] = 0.0
        for j in range(1, N - 1):
            p[1:N - 1, j] = u[j, 0:N - 2] * p[1:N - 1, j - 1]
    return p


@njit
def columns(A):
    Q = np.zeros_like(A)
    for k in range(A.shape[1]):
        for j in range(k + 1, A.shape[1]):
            A[:, j] -= Q[:, k] * A[k, j]
    return Q
