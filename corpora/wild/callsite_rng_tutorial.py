"""A random-walks tutorial written with NumPy's Generator API: helpers with default seeds build the
inputs (`rng = np.random.default_rng(seed)`, `rng.integers`, `rng.choice`, `rng.standard_normal`,
`np.cumsum`, `np.where`), one helper returns a tuple that the script unpacks, and one call passes a
copied column slice. No run markers and no recorded types: every kernel's types come from the
script's own calls.
"""
import numpy as np
from numba import njit, prange


def random_steps(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.choice(np.array([-1, 1]), n)


def price_path(n, seed=1, vol=0.01):
    rng = np.random.default_rng(seed)
    return 100.0 * np.exp(np.cumsum(vol * rng.standard_normal(n)))


def spins(L, seed=2):
    rng = np.random.default_rng(seed)
    return np.where(rng.random((L, L)) < 0.5, -1, 1).astype(np.int8)


def edges(n, m, seed=3):
    rng = np.random.default_rng(seed)
    return rng.integers(0, n, m), rng.integers(0, n, m)


@njit
def walk_extent(steps):
    pos = 0
    lo = 0
    hi = 0
    for i in range(steps.shape[0]):
        pos += steps[i]
        lo = min(lo, pos)
        hi = max(hi, pos)
    return hi - lo


@njit
def drawdown(p):
    peak = p[0]
    worst = 0.0
    for i in range(p.shape[0]):
        peak = max(peak, p[i])
        worst = max(worst, (peak - p[i]) / peak)
    return worst


@njit(parallel=True)
def neighbour_sum(s):
    L = s.shape[0]
    out = np.zeros((L, L), dtype=np.int64)
    for i in prange(L):
        for j in range(L):
            out[i, j] = s[(i + 1) % L, j] + s[i - 1, j] + s[i, (j + 1) % L] + s[i, j - 1]
    return out


@njit
def degrees(src, dst, n):
    deg = np.zeros(n, dtype=np.int64)
    for e in range(src.shape[0]):
        deg[src[e]] += 1
        deg[dst[e]] += 1
    return deg


@njit
def column_span(X):
    m = X[0, 0]
    M = X[0, 0]
    for i in range(X.shape[0]):
        for j in range(X.shape[1]):
            m = min(m, X[i, j])
            M = max(M, X[i, j])
    return M - m


if __name__ == "__main__":
    print("walk extent:", walk_extent(random_steps(1000)))
    print("max drawdown:", drawdown(price_path(500)))
    print("neighbour sum:", neighbour_sum(spins(16)).sum())
    src, dst = edges(50, 200)
    print("degrees:", degrees(src, dst, 50)[:5])
    X = np.random.default_rng(4).integers(0, 100, (40, 6))
    print("span of the first columns:", column_span(X[:, :3].copy()))
