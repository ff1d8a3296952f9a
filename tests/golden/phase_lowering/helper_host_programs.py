import numpy as np
from numba import njit


# A helper written with slices: its caller allocates, calls it on the host,
# then runs its own phase; the helper translates on its own.
@njit("void(float64[:], float64[:], float64)")
def source_term(b, u, dx):
    b[1:-1] = (u[2:] - u[:-2]) / (2 * dx)


@njit("void(float64[:], float64, float64)")
def diffuse_step(u, dx, dt):  # expect: CRB523
    b = np.zeros_like(u)
    source_term(b, u, dx)
    for i in range(1, u.shape[0] - 1):
        u[i] = u[i] + dt * b[i]


# A helper with its own time loop (a host program too), called from the
# driver's time loop: the driver's loop stays on the host.
@njit
def relax(p, nit):  # expect: CRB523
    pn = np.empty_like(p)
    for q in range(nit):
        for i in range(p.shape[0]):
            pn[i] = p[i]
        for i in range(1, p.shape[0] - 1):
            p[i] = 0.5 * (pn[i - 1] + pn[i + 1])


@njit
def solve(p, nt, nit):  # expect: CRB523
    for n in range(nt):
        relax(p, nit)
        p[0] = 0.0
