"""Recurrences along one axis with the other axis vectorised (the sweeps of
PolyBench adi, a tridiagonal Thomas solve per column, a running prefix per
row): each step reads the previous column or row of the array it writes,
which never overlaps the one it writes, plus an in-place reversal update in
the style of durbin."""
import numpy as np
import numba as nb


def initialize(M, N, datatype=np.float64):
    a = np.fromfunction(lambda i, j: ((i * j) % 7 + 1) / 7.0, (M, N), dtype=datatype)
    d = np.fromfunction(lambda i, j: ((i + 2 * j) % 5 + 2) / 5.0, (M, N), dtype=datatype)
    return a, d


# caramba: sizes M=30,2000 N=20,400
# caramba: runas thomas_columns(*initialize(M, N))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def thomas_columns(a, d):
    n = a.shape[1]
    c = np.empty_like(a)
    x = np.empty_like(a)
    c[:, 0] = 0.25
    x[:, 0] = d[:, 0] / 4.0
    for j in range(1, n):
        c[:, j] = 1.0 / (4.0 - a[:, j] * c[:, j - 1])
        x[:, j] = (d[:, j] - a[:, j] * x[:, j - 1]) * c[:, j]
    for j in range(n - 2, -1, -1):
        x[:, j] -= c[:, j] * x[:, j + 1]
    return x


# caramba: runas running_rows(*initialize(M, N))
@nb.jit(nopython=True, fastmath=True)
def running_rows(a, d):
    m = a.shape[0]
    for i in range(2, m):
        a[i, 1:] = 0.5 * a[i - 1, 1:] + 0.25 * a[i - 2, :-1] + d[i, 1:]
    return a


# caramba: runas reverse_updates(*initialize(M, N))
@nb.jit(nopython=True, fastmath=True)
def reverse_updates(a, d):
    y = a[0, :].copy()
    for k in range(1, y.shape[0]):
        y[:k] += 0.5 * np.flip(y[:k])
    return y
