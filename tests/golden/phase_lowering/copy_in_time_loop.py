import numpy as np
from numba import njit


# A Poisson solve in pseudo-time (CFD Python): every step copies the field and
# updates the interior from the copy. One array, allocated before the time
# loop, serves every step; the copy is a parallel phase like the update.
@njit("float64[:, :](float64[:, :], float64[:, :], int64)")
def jacobi(p, b, nit):  # expect: CRB523
    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1] - b[1:-1, 1:-1])
        p[:, -1] = p[:, -2]
        p[0, :] = p[1, :]
    return p


# Burgers' equation: the copy and a difference bound to a name in the loop.
@njit("float64[:](float64[:], int64, float64, float64)")
def burgers(u, nt, c, nu):  # expect: CRB523
    for n in range(nt):
        un = np.copy(u)
        du = un[1:-1] - un[:-2]
        u[1:-1] = un[1:-1] - c * un[1:-1] * du + nu * (un[2:] - 2 * un[1:-1] + un[:-2])
    return u


# Two fields swapped after every sweep: the host swaps the references, the
# sweep is still a phase.
@njit("float64[:, :](float64[:, :], int64)")
def swap(a, steps):  # expect: CRB523
    u = np.empty_like(a)
    un = np.empty_like(a)
    u[:, :] = a
    un[:, :] = a
    for t in range(steps):
        un[1:-1, 1:-1] = 0.25 * (u[1:-1, :-2] + u[1:-1, 2:] + u[2:, 1:-1] + u[:-2, 1:-1])
        u, un = un, u
    return u
