"""Multi-resolution analysis kernel (PolyBench doitgen): every (r, q) row of
the 3-D array A is multiplied by C4, through a reshape and a matrix product
in the NPBench form, and through a scratch vector in the loop form."""
import numpy as np
import numba as nb


def initialize(NR, NQ, NP, datatype=np.float64):
    A = np.fromfunction(lambda i, j, k: ((i * j + k) % NP) / NP, (NR, NQ, NP), dtype=datatype)
    C4 = np.fromfunction(lambda i, j: (i * j % NP) / NP, (NP, NP), dtype=datatype)
    return NR, NQ, NP, A, C4


# caramba: sizes N=100,27000
# caramba: runas kernel(*initialize(N3, N3 + 2, N3 + 4))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(NR, NQ, NP, A, C4):
    A[:] = np.reshape(np.reshape(A, (NR * NQ, NP)) @ C4, (NR, NQ, NP))


# caramba: runas kernel_loops(*initialize(N3, N3 + 2, N3 + 4))
@nb.njit
def kernel_loops(NR, NQ, NP, A, C4):
    sum_ = np.zeros(NP, dtype=A.dtype)
    for r in range(NR):
        for q in range(NQ):
            for p in range(NP):
                sum_[p] = 0.0
                for s in range(NP):
                    sum_[p] += A[r, q, s] * C4[s, p]
            for p in range(NP):
                A[r, q, p] = sum_[p]
