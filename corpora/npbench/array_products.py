"""Matrix products, outer products, transposes, reversals, strided slices and
axis reductions written the NumPy way inside Numba kernels, as NPBench and
the NumPy tutorials write them: `A @ x`, `np.dot`, `np.outer`, `A.T`,
`np.flip`, `a[::2]`, `np.sum(a, axis=0)`, `a.argmax(axis=1)`."""
import numpy as np
import numba as nb


def matrices(M, N, datatype=np.float64):
    A = np.fromfunction(lambda i, j: ((i * j + 1) % N) / N, (M, N), dtype=datatype)
    B = np.fromfunction(lambda i, j: ((i + 2 * j) % M) / M, (N, M), dtype=datatype)
    x = np.fromfunction(lambda i: (i % 7) / 7.0, (N,), dtype=datatype)
    y = np.fromfunction(lambda i: ((i + 3) % 5) / 5.0, (M,), dtype=datatype)
    return A, B, x, y


# caramba: sizes N=100,10000
# caramba: runas matvec(*matrices(N2, N2 + 3))
@nb.njit
def matvec(A, B, x, y):
    """y <- A x, then x <- y A + x (PolyBench mvt, gesummv)."""
    y[:] = A @ x
    x += y @ A


# caramba: runas gemm(1.5, 1.2, np.zeros((N2, N2)), *matrices(N2, N2 + 3)[:2])
@nb.njit
def gemm(alpha, beta, C, A, B):
    C[:] = alpha * A @ B + beta * C


# caramba: runas gemm_f32(np.float32(1.5), np.float32(1.2), np.zeros((N2, N2), dtype=np.float32), *matrices(N2, N2 + 3, np.float32)[:2])
@nb.njit
def gemm_f32(alpha, beta, C, A, B):
    """Single precision stays single precision."""
    C[:] = alpha * A @ B + beta * C


# caramba: runas gram(*matrices(N2, N2 + 3)[:1])
@nb.njit
def gram(A):
    """The Gram matrix A^T A, returned as a new array."""
    G = A.T @ A
    return G


# caramba: runas rank_update(np.ones((N2 + 1, N2)), *matrices(N2 + 1, N2)[2:])
@nb.njit
def rank_update(A, x, y):
    """A rank-1 update (PolyBench gemver)."""
    A += np.outer(y, x) + 0.5 * np.outer(np.sqrt(y), x)


# caramba: runas forward_substitution(*matrices(N2, N2)[:1], np.zeros(N2), np.arange(N2, dtype=np.float64))
@nb.njit
def forward_substitution(L, x, b):
    """Row i of a lower triangular solve reads a slice dot product (PolyBench trisolv)."""
    for i in range(x.shape[0]):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / (L[i, i] + 1.0)


# caramba: runas transpose_copy(np.empty((N2 + 2, N2)), matrices(N2, N2 + 2)[0])
@nb.njit
def transpose_copy(out, A):
    out[:] = np.transpose(A) - 0.5 * A.T


# caramba: runas durbin_step(np.arange(N, dtype=np.float64) / N, np.linspace(0.0, 1.0, N), N // 2)
@nb.njit
def durbin_step(r, y, k):
    """The reversed-prefix reads of Levinson-Durbin (PolyBench durbin)."""
    alpha = -(r[k] + np.dot(np.flip(r[:k]), y[:k]))
    y[:k] += alpha * np.flip(y[:k])
    return alpha


# caramba: runas column_stats(np.empty(N2 + 1), np.empty(N2, dtype=np.int64), matrices(N2, N2 + 1)[0])
@nb.njit
def column_stats(mean, best, data):
    """Column means and the position of each row's largest element (correlation, k-means)."""
    mean[:] = np.sum(data, axis=0) / data.shape[0]
    best[:] = data.argmax(axis=1)


# caramba: runas column_counts(np.empty(5, dtype=np.int64), np.arange(20, dtype=np.int32).reshape(4, 5) % 7)
@nb.njit
def column_counts(total, data):
    """int32 columns add up in int64."""
    total[:] = data.sum(0)


# caramba: runas row_sums(matrices(N2, N2 + 1)[0])
@nb.njit
def row_sums(A):
    s = A.sum(axis=1)
    return s


# caramba: runas row_sums_f32(matrices(N2, N2 + 1, np.float32)[0])
@nb.njit
def row_sums_f32(A):
    return np.sum(A, axis=-1) * np.float32(0.5)


# caramba: runas decimate(np.linspace(0.0, 1.0, 2 * N), np.empty(N))
@nb.njit
def decimate(signal, out):
    """Pairs of samples averaged, and the signal reversed (strided slices)."""
    out[:] = 0.5 * (signal[::2] + signal[1::2])
    signal[:] = signal[::-1] * 2.0
