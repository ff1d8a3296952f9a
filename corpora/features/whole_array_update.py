"""A whole-array in-place update (`B *= alpha`) after element loops. Numba runs it
as an array operation; the workunit the translator writes keeps it as it is, which
the runtime's kernel front end rejects (augmented assignment to a whole array), so
translate-time validation leaves the kernels as Numba code (CRB150)."""
import numpy as np
from numba import njit


# caramba: runas shifted_scale(np.random.rand(N2, N2), np.zeros((N2, N2)), 0.5)
@njit("void(float64[:, :], float64[:, :], float64)")
def shifted_scale(A, B, alpha):
    n, m = A.shape
    for i in range(n):
        for j in range(m):
            B[i, j] = A[i, j] + 1.0
    B *= alpha


# caramba: runas rescale(np.random.rand(N) * 10.0, 2.0, 7.0)
@njit
def rescale(x, lo, hi):
    span = hi - lo
    for i in range(x.shape[0]):
        x[i] = (x[i] - lo) / span
    x *= 2.0
