# Kernels whose translation the runtime's kernel front end rejects (CRB150):
# they must stay Numba code, byte for byte, and the file keep working.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def histogram(ids, nb):
    out = np.zeros(nb, dtype=np.int64)
    for i in prange(ids.shape[0]):
        out[ids[i] % nb] += 1
    return out


@njit
def scale_after(A, B, alpha):
    n = A.shape[0]
    for i in range(n):
        for j in range(n):
            B[i, j] = A[i, j] + 1.0
    B *= alpha


@njit
def matvec(A, x):
    return A @ x


@njit(parallel=True)
def total(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s
