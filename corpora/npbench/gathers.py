"""Integer array indexing (gathers) in NumPy-style kernels: a permuted
difference, an embedding-style lookup with weights, and a CSR row loop that
gathers the vector entries of each row's columns."""
import numpy as np
import numba as nb


def csr(M, N, nnz_per_row):
    rng = np.random.default_rng(7)
    A_row = np.arange(0, M * nnz_per_row + 1, nnz_per_row, dtype=np.int64)
    A_col = rng.integers(0, N, size=M * nnz_per_row).astype(np.int64)
    A_val = rng.random(M * nnz_per_row)
    x = rng.random(N)
    return A_row, A_col, A_val, x


# caramba: runas permuted_difference(rng.random(N), rng.permutation(N))
@nb.njit
def permuted_difference(x, perm):
    return x[perm] - x


# caramba: runas weighted_lookup(rng.random(N), rng.integers(-N, N, N2), rng.random(N2))
@nb.njit
def weighted_lookup(table, idx, w):
    return np.sum(table[idx] * w)


# caramba: runas csr_row_sq_norms(*csr(N2, N2, 4))
@nb.njit
def csr_row_sq_norms(A_row, A_col, A_val, x):
    out = np.empty(A_row.size - 1)
    for i in range(A_row.size - 1):
        v = A_val[A_row[i]:A_row[i + 1]] * x[A_col[A_row[i]:A_row[i + 1]]]
        out[i] = np.sum(v * v)
    return out
