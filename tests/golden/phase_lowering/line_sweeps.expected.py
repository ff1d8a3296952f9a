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
def _pk_sweeps_phase1(_pk_np_n0: "int64", p):
    for _pk_np_i0 in range(_pk_np_n0):
        p[0, _pk_np_i0 + 1] = 0.0


@njit
def _pk_sweeps_phase2(N: "int64", u, p, _pk_out_failed):
    for j in range(1, N - 1):
        # p[1:N - 1, j] = u[j, 0:N - 2] * p[1:N - 1, j - 1]
        if (min(max(N - 2 + u.shape[1] if N - 2 < 0 else N - 2, 0), u.shape[1]) != max(min(max(N - 1 + p.shape[0] if N - 1 < 0 else N - 1, 0), p.shape[0]) - 1, 0) and min(max(N - 2 + u.shape[1] if N - 2 < 0 else N - 2, 0), u.shape[1]) != 1):
            _pk_out_failed[0] = 1
            return
        _pk_np_n1 = max(min(max(N - 1 + p.shape[0] if N - 1 < 0 else N - 1, 0), p.shape[0]) - 1, 0)
        _pk_np_s2 = min(min(max(N - 2 + u.shape[1] if N - 2 < 0 else N - 2, 0), u.shape[1]) - 1, 1)
        for _pk_np_i0 in range(_pk_np_n1):
            p[_pk_np_i0 + 1, j] = u[j, _pk_np_i0 * _pk_np_s2] * p[_pk_np_i0 + 1, j - 1]


def sweeps(T, N, u):
    p = np.empty(u.shape)
    for t in range(T):
        # p[0, 1:N - 1] = 0.0
        _pk_np_n0 = max(min(max(N - 1 + p.shape[1] if N - 1 < 0 else N - 1, 0), p.shape[1]) - 1, 0)
        _pk_sweeps_phase1(_pk_np_n0, p)
        _pk_out_failed = np.zeros(1, dtype=np.int64)
        _pk_sweeps_phase2(N, u, p, _pk_out_failed)
        if _pk_out_failed[0]:
            raise ValueError("could not broadcast the operands of p[1:N-1,j]=u[j,0:N-2]*p[1:N-1,j-1]")
    return p


@njit
def _pk_columns_phase1(A, Q, _pk_out_failed):
    for k in range(A.shape[1]):
        for j in range(k + 1, A.shape[1]):
            # A[:, j] -= Q[:, k] * A[k, j]
            if (Q.shape[0] != A.shape[0] and Q.shape[0] != 1):
                _pk_out_failed[0] = 1
                return
            _pk_np_s0 = min(Q.shape[0] - 1, 1)
            for _pk_np_i0 in range(A.shape[0]):
                A[_pk_np_i0, j] -= Q[_pk_np_i0 * _pk_np_s0, k] * A[k, j]


def columns(A):
    Q = np.zeros_like(A)
    _pk_out_failed = np.zeros(1, dtype=np.int64)
    _pk_columns_phase1(A, Q, _pk_out_failed)
    if _pk_out_failed[0]:
        raise ValueError("could not broadcast the operands of A[:,j]-=Q[:,k]*A[k,j]")
    return Q
