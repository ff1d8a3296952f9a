"""Row loops over a CSR matrix whose NumPy products come with shape checks:
the product of each row with a vector, on a well-formed matrix and on one whose
data array is too short (Numba raises ValueError at the first row whose slices
disagree), the norm of each row, and the product written into an argument."""
import numpy as np
from numba import njit


def csr(n, nnz_per_row, missing=0):
    rng = np.random.default_rng(7)
    indptr = np.arange(0, n * nnz_per_row + 1, nnz_per_row, dtype=np.int64)
    indices = rng.integers(0, n, size=n * nnz_per_row).astype(np.int64)
    data = rng.random(n * nnz_per_row - missing)
    return indptr, indices, data


# caramba: runas csr_matvec(*csr(N, 4), rng.random(N))
# caramba: runas csr_matvec(*csr(50, 4, missing=6), rng.random(50))
@njit
def csr_matvec(indptr, indices, data, x):
    y = np.zeros(indptr.shape[0] - 1)
    for row in range(indptr.shape[0] - 1):
        lo = indptr[row]
        hi = indptr[row + 1]
        y[row] = np.dot(data[lo:hi], x[indices[lo:hi]])
    return y


# caramba: runas row_norms(*csr(N, 4)[::2])
@njit
def row_norms(indptr, data):
    out = np.empty(len(indptr) - 1)
    for r in range(len(indptr) - 1):
        seg = data[indptr[r]:indptr[r + 1]]
        out[r] = np.sqrt(seg @ seg)
    return out


# caramba: runas csr_matvec_into(*csr(N, 4), rng.random(N), np.zeros(N))
# caramba: runas csr_matvec_into(*csr(50, 4, missing=6), rng.random(50), np.zeros(50))
@njit
def csr_matvec_into(indptr, indices, data, x, y):
    for row in range(indptr.shape[0] - 1):
        cols = indices[indptr[row]:indptr[row + 1]]
        vals = data[indptr[row]:indptr[row + 1]]
        y[row] = vals @ x[cols]
