"""Serial loops that carry values the host set up, and loops that swap
arrays: the translation is a host program whose serial phases take those
values as the host holds them and hand back what the caller returns (tuples
of floats, ints and arrays, as Numba returns them)."""
import numpy as np
from numba import njit


# Legacy-style regula falsi: the bracket is set by an if before the loop,
# and the iteration count comes back with the root.
# caramba: runas false_position(1.0, 2.0, 1e-12, 60 + N % 7)
@njit
def false_position(a, b, tol, maxit):
    fa = a * a * a - a - 1.0
    fb = b * b * b - b - 1.0
    if fa > 0.0:
        lo = b
        hi = a
        flo = fb
        fhi = fa
    else:
        lo = a
        hi = b
        flo = fa
        fhi = fb
    it = 0
    x = lo
    while it < maxit:
        x = lo - flo * (hi - lo) / (fhi - flo)
        fx = x * x * x - x - 1.0
        if abs(fx) < tol:
            break
        if fx < 0.0:
            lo = x
            flo = fx
        else:
            hi = x
            fhi = fx
        it += 1
    return x, it


# Tutorial-style heavy-ball descent on a quadratic bowl: the parameters are
# the iterate, updated in place of new names.
# caramba: runas heavy_ball(3.0, -2.0, 0.05, 0.8, N % 500 + 10)
@njit
def heavy_ball(x, y, lr, beta, iters):
    vx = 0.0
    vy = 0.0
    for _ in range(iters):
        gx = 2.0 * (x - 1.0)
        gy = 8.0 * (y + 0.5)
        vx = beta * vx - lr * gx
        vy = beta * vy - lr * gy
        x += vx
        y += vy
    return x, y


# Course-notes leapfrog for a spring: the first acceleration reads the
# position before the loop; position, velocity and the energy trace return.
# caramba: runas leapfrog_spring(1.0, 0.0, 0.01, N, 4.0)
@njit
def leapfrog_spring(x0, v0, dt, steps, k):
    x = x0
    v = v0
    energy = np.empty(steps)
    acc = -k * x
    for n in range(steps):
        v += 0.5 * dt * acc
        x += dt * v
        acc = -k * x
        v += 0.5 * dt * acc
        energy[n] = 0.5 * v * v + 0.5 * k * x * x
    return x, v, energy


# NPBench-style column means and the grand mean: the host divides the
# array the loop accumulated, as NumPy does after Numba's loop.
# caramba: runas column_means(np.random.rand(N2, 7))
@njit
def column_means(data):
    n, m = data.shape
    colsum = np.zeros(m)
    total = 0.0
    for i in range(n):
        for j in range(m):
            colsum[j] += data[i, j]
            total += data[i, j]
    return colsum / n, total / (n * m)


# Blog-style running extremes over everything after the first sample.
# caramba: runas first_and_extremes(np.random.randn(N))
@njit
def first_and_extremes(x):
    lo = x[0]
    hi = x[0]
    for v in x[1:]:
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    return x[0], lo, hi


# Tutorial-style longest common subsequence with two rows swapped per row.
# caramba: sizes N=20,300
# caramba: runas lcs_length(np.random.randint(0, 4, N).astype(np.uint8), np.random.randint(0, 4, N + 3).astype(np.uint8))
@njit
def lcs_length(s, t):
    n = s.shape[0]
    m = t.shape[0]
    prev = np.zeros(m + 1, dtype=np.int64)
    cur = np.zeros(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            if s[i - 1] == t[j - 1]:
                cur[j] = prev[j - 1] + 1
            else:
                cur[j] = max(prev[j], cur[j - 1])
        prev, cur = cur, prev
    return prev[m]


# Legacy-style bottom-up merge passes counting the moves of the right run.
# caramba: runas merge_moves(np.random.randint(0, 100, N))
@njit
def merge_moves(a):
    n = a.shape[0]
    src = a.copy()
    dst = np.empty_like(a)
    moves = 0
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i = lo
            j = mid
            k = lo
            while i < mid and j < hi:
                if src[i] <= src[j]:
                    dst[k] = src[i]
                    i += 1
                else:
                    dst[k] = src[j]
                    moves += mid - i
                    j += 1
                k += 1
            while i < mid:
                dst[k] = src[i]
                i += 1
                k += 1
            while j < hi:
                dst[k] = src[j]
                j += 1
                k += 1
        src, dst = dst, src
        width *= 2
    return moves, src
