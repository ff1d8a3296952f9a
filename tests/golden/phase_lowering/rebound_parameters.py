import numpy as np
from numba import njit


# Laplace sweeps (a tutorial's solver): the parameter is rebound to the copy
# made at every step. The host binds it as Numba does; the sweep is a phase.
@njit("float64[:, :](float64[:, :], int64)")
def laplace_sweeps(u, iters):  # expect: CRB523
    for it in range(iters):
        unew = u.copy()
        for i in range(1, u.shape[0] - 1):
            for j in range(1, u.shape[1] - 1):
                unew[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1])
        u = unew
    return u


# `u = u_new.copy()`: a new array at every step, allocated by the host; the
# copy itself is a phase.
@njit("float64[:](float64[:], float64, int64)")
def heat(u, alpha, nt):  # expect: CRB523
    n = u.shape[0]
    u_new = np.zeros(n)
    for step in range(nt):
        for i in range(1, n - 1):
            u_new[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])
        u = u_new.copy()
    return u


# Two parameters swapped after each step.
@njit("float64[:](float64[:], float64[:], int64)")
def pingpong(src, dst, steps):  # expect: CRB523
    for t in range(steps):
        for i in range(1, src.shape[0] - 1):
            dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0
        src, dst = dst, src
    return src


# A scalar parameter counted down: the host computes it as Numba does, and
# the phase reads the value of each step.
@njit("float64[:](float64[:], int64)")
def decay(x, k):  # expect: CRB523
    for t in range(k):
        for i in range(x.shape[0]):
            x[i] = 0.5 * x[i] + k
        k = k - 1
    return x


# An int parameter given a float (Numba types it float64 throughout, the
# phases would read an int): unchanged.
@njit("float64[:](float64[:], int64)")
def halve(x, k):
    for t in range(3):
        for i in range(x.shape[0]):
            x[i] = x[i] + k
        k = k * 0.5
    return x


# The rebinding inside the loop that would be a phase: unchanged.
@njit("float64[:](float64[:], float64[:], int64)")
def rebind_in_phase(a, b, n):
    for t in range(n):
        for i in range(a.shape[0]):
            b[i] = a[i] + 1.0
            a = b
    return a
