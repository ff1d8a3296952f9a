"""Sparse matrix-vector product in CSR format (NPBench spmv), serial and
row-parallel, and a CSR transpose-product that scatters."""
import numpy as np
import numba as nb


def initialize(M, N, nnz_per_row):
    rng = np.random.default_rng(42)
    rows = np.repeat(np.arange(M), nnz_per_row)
    cols = rng.integers(0, N, size=M * nnz_per_row)
    A_row = np.arange(0, M * nnz_per_row + 1, nnz_per_row, dtype=np.int64)
    A_col = cols.astype(np.int64)
    A_val = rng.random(M * nnz_per_row)
    x = rng.random(N)
    return A_row, A_col, A_val, x


# caramba: runas spmv(*initialize(N, N, 8))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def spmv(A_row, A_col, A_val, x):
    y = np.empty(A_row.size - 1, A_val.dtype)
    for i in range(A_row.size - 1):
        cols = A_col[A_row[i]:A_row[i + 1]]
        vals = A_val[A_row[i]:A_row[i + 1]]
        y[i] = vals @ x[cols]
    return y


# caramba: runas spmv_prange(*initialize(N, N, 8))
@nb.njit(parallel=True)
def spmv_prange(A_row, A_col, A_val, x):
    n = A_row.shape[0] - 1
    y = np.zeros(n)
    for i in nb.prange(n):
        acc = 0.0
        for k in range(A_row[i], A_row[i + 1]):
            acc += A_val[k] * x[A_col[k]]
        y[i] = acc
    return y


# caramba: runas spmv_transpose(*initialize(N, N, 8))
@nb.njit
def spmv_transpose(A_row, A_col, A_val, x):
    n = A_row.shape[0] - 1
    y = np.zeros(x.shape[0])
    for i in range(n):
        for k in range(A_row[i], A_row[i + 1]):
            y[A_col[k]] += A_val[k] * x[i]
    return y
