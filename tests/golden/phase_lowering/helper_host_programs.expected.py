import numpy as np
from numba import njit


# A helper written with slices: its caller allocates, calls it on the host,
# then runs its own phase; the helper translates on its own.
@njit("void(float64[:], float64[:], float64)")
def source_term(b, u, dx):
    # b[1:-1] = (u[2:] - u[:-2]) / (2 * dx)
    _pk_np_s0 = min(max(u.shape[0] - 2, 0) - 1, 1)
    if (max(u.shape[0] - 2, 0) != max(b.shape[0] - 2, 0) and max(u.shape[0] - 2, 0) != 1):
        raise ValueError("could not broadcast the operands of b[1:-1]=(u[2:]-u[:-2])/(2*dx)")
    for _pk_np_i0 in range(1, b.shape[0] - 1):
        b[_pk_np_i0] = (u[2 + (_pk_np_i0 - 1) * _pk_np_s0] - u[(_pk_np_i0 - 1) * _pk_np_s0]) / (2 * dx)


@njit("void(float64[:], float64, float64[::1])")
def _pk_diffuse_step_phase1(u, dt, b):
    for i in range(1, u.shape[0] - 1):
        u[i] = u[i] + dt * b[i]


def diffuse_step(u, dx, dt):  # expect: CRB523
    b = np.zeros_like(u)
    source_term(b, u, dx)
    _pk_diffuse_step_phase1(u, dt, b)


# A helper with its own time loop (a host program too), called from the
# driver's time loop: the driver's loop stays on the host.
@njit
def _pk_relax_phase1(p, pn):
    for i in range(p.shape[0]):
        pn[i] = p[i]


@njit
def _pk_relax_phase2(p, pn):
    for i in range(1, p.shape[0] - 1):
        p[i] = 0.5 * (pn[i - 1] + pn[i + 1])


def relax(p, nit):  # expect: CRB523
    pn = np.empty_like(p)
    for q in range(nit):
        _pk_relax_phase1(p, pn)
        _pk_relax_phase2(p, pn)


def solve(p, nt, nit):  # expect: CRB523
    for n in range(nt):
        relax(p, nit)
        p[0] = 0.0
