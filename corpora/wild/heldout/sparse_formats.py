"""Sparse-matrix format conversions and products, as in hand-rolled scipy.sparse replacements.

COO to CSR with a counting pass and a prefix sum, CSR transpose, CSR times dense matrix, the
diagonal of a CSR matrix with a search in each row, and row sums with prange.
"""
import numpy as np
from numba import njit, prange


def random_coo(n, nnz):
    rng = np.random.default_rng(7)
    rows = rng.integers(0, n, nnz)
    cols = rng.integers(0, n, nnz)
    return rows, cols, rng.random(nnz), n


def random_csr(n, per_row):
    indptr = np.arange(0, n * per_row + 1, per_row)
    indices = np.empty(n * per_row, dtype=np.int64)
    for i in range(n):
        cols = (i + np.arange(per_row) * (n // per_row + 1)) % n
        indices[i * per_row:(i + 1) * per_row] = np.sort(cols)
    return indptr, indices, np.random.rand(n * per_row), n


# caramba: runas coo_to_csr(*random_coo(N, 4 * N))
@njit
def coo_to_csr(rows, cols, vals, n):
    nnz = rows.shape[0]
    indptr = np.zeros(n + 1, dtype=np.int64)
    for k in range(nnz):
        indptr[rows[k] + 1] += 1
    for i in range(n):
        indptr[i + 1] += indptr[i]
    fill = indptr[:-1].copy()
    indices = np.empty(nnz, dtype=np.int64)
    data = np.empty(nnz)
    for k in range(nnz):
        r = rows[k]
        dst = fill[r]
        indices[dst] = cols[k]
        data[dst] = vals[k]
        fill[r] += 1
    return indptr, indices, data


# caramba: runas csr_transpose_counts(random_csr(N, 4)[1], N)
@njit
def csr_transpose_counts(indices, ncols):
    counts = np.zeros(ncols + 1, dtype=np.int64)
    for p in range(indices.shape[0]):
        counts[indices[p] + 1] += 1
    for j in range(ncols):
        counts[j + 1] += counts[j]
    return counts


# caramba: runas csr_matmat(*random_csr(N, 4)[:3], np.random.rand(N, 3))
@njit(parallel=True)
def csr_matmat(indptr, indices, data, B):
    n = indptr.shape[0] - 1
    k = B.shape[1]
    C = np.zeros((n, k))
    for i in prange(n):
        for p in range(indptr[i], indptr[i + 1]):
            j = indices[p]
            for c in range(k):
                C[i, c] += data[p] * B[j, c]
    return C


# caramba: runas csr_diagonal(*random_csr(N, 4)[:3])
@njit
def csr_diagonal(indptr, indices, data):
    n = indptr.shape[0] - 1
    d = np.zeros(n)
    for i in range(n):
        lo = indptr[i]
        hi = indptr[i + 1]
        while lo < hi:
            if indices[lo] == i:
                d[i] = data[lo]
                break
            lo += 1
    return d


# caramba: runas row_sums(*random_csr(N, 4)[:3])
@njit(parallel=True)
def row_sums(indptr, indices, data):
    n = len(indptr) - 1
    out = np.empty(n)
    for i in prange(n):
        acc = 0.0
        for p in range(indptr[i], indptr[i + 1]):
            acc += data[p]
        out[i] = acc
    return out


if __name__ == "__main__":
    r, c, v, n = random_coo(5, 8)
    print(coo_to_csr(r, c, v, n))
