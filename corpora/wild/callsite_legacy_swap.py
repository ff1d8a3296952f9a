"""A legacy explicit solver, written as old scripts are: module-level set-up, kernels that take the
current and the next field, and a time loop in `__main__` that swaps the two arrays (`u, un = un, u`)
instead of copying. A second part counts letters of a text turned into bytes with `np.frombuffer`
(read-only, so the script copies it). No run markers and no recorded types.
"""
import numpy as np
from numba import njit

NX = 64
NT = 50


@njit
def step(u, un, c):
    n = u.shape[0]
    for i in range(1, n - 1):
        un[i] = u[i] + c * (u[i + 1] - 2 * u[i] + u[i - 1])
    un[0] = un[1]
    un[n - 1] = un[n - 2]


@njit
def total(u):
    s = 0
    for i in range(u.shape[0]):
        s += u[i]
    return s


@njit
def letter_counts(buf):
    counts = np.zeros(26, dtype=np.int64)
    for i in range(buf.shape[0]):
        c = buf[i] | 32
        if c >= 97 and c <= 122:
            counts[c - 97] += 1
    return counts


@njit
def level_histogram(levels, nbins):
    h = np.zeros(nbins, dtype=np.int64)
    for i in range(levels.shape[0]):
        h[levels[i] // 16 % nbins] += 1
    return h


def as_bytes(text):
    return np.frombuffer(text.encode("ascii"), dtype=np.uint8).copy()


if __name__ == "__main__":
    u = np.zeros(NX)
    u[NX // 4:NX // 2] = 1.0
    un = np.empty_like(u)
    for t in range(NT):
        step(u, un, 0.25)
        u, un = un, u
    print("heat left:", total(u))

    text = "The quick brown fox jumps over the lazy dog " * 10
    print("letters:", letter_counts(as_bytes(text))[:5])
    levels = np.arange(256, dtype=np.int32)
    print("levels:", level_histogram(levels, 8))
