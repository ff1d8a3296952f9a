import numpy as np
from numba import njit


# A Poisson solve in pseudo-time (CFD Python): every step copies the field and
# updates the interior from the copy. One array, allocated before the time
# loop, serves every step; the copy is a parallel phase like the update.
@njit("void(float64[:, :], float64[:, ::1])")
def _pk_jacobi_phase1(p, pn):
    for _pk_np_i0 in range(p.shape[0]):
            for _pk_np_i1 in range(p.shape[1]):
                    pn[_pk_np_i0, _pk_np_i1] = p[_pk_np_i0, _pk_np_i1]


@njit("void(float64[:, :], float64[:, :], float64[:, ::1], int64, int64)")
def _pk_jacobi_phase2(p, b, pn, _pk_np_s0, _pk_np_s1):
    # p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1] - b[1:-1, 1:-1])
    for _pk_np_i0 in range(1, p.shape[0] - 1):
            for _pk_np_i1 in range(1, p.shape[1] - 1):
                    p[_pk_np_i0, _pk_np_i1] = 0.25 * (pn[_pk_np_i0, _pk_np_i1 + 1] + pn[_pk_np_i0, _pk_np_i1 - 1] + pn[_pk_np_i0 + 1, _pk_np_i1] + pn[_pk_np_i0 - 1, _pk_np_i1] - b[1 + (_pk_np_i0 - 1) * _pk_np_s0, 1 + (_pk_np_i1 - 1) * _pk_np_s1])


@njit("void(float64[:, :], float64[::1])")
def _pk_jacobi_phase3(p, _pk_np_tmp2):
    # p[:, -1] = p[:, -2]
    for _pk_np_i0 in range(p.shape[0]):
            _pk_np_tmp2[_pk_np_i0] = p[_pk_np_i0, -2]


@njit("void(float64[:, :], float64[::1])")
def _pk_jacobi_phase4(p, _pk_np_tmp2):
    for _pk_np_i0 in range(p.shape[0]):
            p[_pk_np_i0, -1] = _pk_np_tmp2[_pk_np_i0]


@njit("void(float64[:, :])")
def _pk_jacobi_phase5(p):
    # p[0, :] = p[1, :]
    for _pk_np_i0 in range(p.shape[1]):
            p[0, _pk_np_i0] = p[1, _pk_np_i0]


def jacobi(p, b, nit):  # expect: CRB523
    pn = np.empty((p.shape[0], p.shape[1]), dtype=np.float64)
    _pk_np_tmp2 = np.empty(p.shape[0])
    for q in range(nit):
        # pn = p.copy()
        _pk_jacobi_phase1(p, pn)
        if (max(b.shape[0] - 2, 0) != max(p.shape[0] - 2, 0) and max(b.shape[0] - 2, 0) != 1) or (max(b.shape[1] - 2, 0) != max(p.shape[1] - 2, 0) and max(b.shape[1] - 2, 0) != 1):
                raise ValueError("could not broadcast the operands of p[1:-1,1:-1]=0.25*(pn[1:-1,2:]+pn[1:-1,:-2]+pn[2:,1:-1]+pn[:-2,1:-1]-b[1:-1,1:-1])")
        _pk_np_s0 = min(max(b.shape[0] - 2, 0) - 1, 1)
        _pk_np_s1 = min(max(b.shape[1] - 2, 0) - 1, 1)
        _pk_jacobi_phase2(p, b, pn, _pk_np_s0, _pk_np_s1)
        _pk_jacobi_phase3(p, _pk_np_tmp2)
        _pk_jacobi_phase4(p, _pk_np_tmp2)
        _pk_jacobi_phase5(p)
    return p


# Burgers' equation: the copy and a difference bound to a name in the loop.
@njit("void(float64[:], float64[::1])")
def _pk_burgers_phase1(u, un):
    for _pk_np_i0 in range(u.shape[0]):
            un[_pk_np_i0] = u[_pk_np_i0]


@njit("void(float64[:], float64, float64, float64[::1], float64[::1])")
def _pk_burgers_phase2(u, c, nu, du, un):
    for _pk_np_i0 in range(1, u.shape[0] - 1):
            # du = un[1:-1] - un[:-2]
            du[_pk_np_i0 - 1] = un[_pk_np_i0] - un[_pk_np_i0 - 1]
            # u[1:-1] = un[1:-1] - c * un[1:-1] * du + nu * (un[2:] - 2 * un[1:-1] + un[:-2])
            u[_pk_np_i0] = un[_pk_np_i0] - c * un[_pk_np_i0] * du[_pk_np_i0 - 1] + nu * (un[_pk_np_i0 + 1] - 2 * un[_pk_np_i0] + un[_pk_np_i0 - 1])


def burgers(u, nt, c, nu):  # expect: CRB523
    un = np.empty(u.shape[0], dtype=np.float64)
    du = np.empty(max(u.shape[0] - 2, 0), dtype=np.float64)
    for n in range(nt):
        # un = np.copy(u)
        _pk_burgers_phase1(u, un)
        _pk_burgers_phase2(u, c, nu, du, un)
    return u


# Two fields swapped after every sweep: the host swaps the references, the
# sweep is still a phase.
@njit("void(float64[:, :], float64[:, ::1], int64, int64)")
def _pk_swap_phase1(a, u, _pk_np_s0, _pk_np_s1):
    # u[:, :] = a
    for _pk_np_i0 in range(u.shape[0]):
            for _pk_np_i1 in range(u.shape[1]):
                    u[_pk_np_i0, _pk_np_i1] = a[_pk_np_i0 * _pk_np_s0, _pk_np_i1 * _pk_np_s1]


@njit("void(float64[:, :], float64[:, ::1], int64, int64)")
def _pk_swap_phase2(a, un, _pk_np_s0, _pk_np_s1):
    # un[:, :] = a
    for _pk_np_i0 in range(un.shape[0]):
            for _pk_np_i1 in range(un.shape[1]):
                    un[_pk_np_i0, _pk_np_i1] = a[_pk_np_i0 * _pk_np_s0, _pk_np_i1 * _pk_np_s1]


@njit("void(float64[:, ::1], float64[:, ::1], int64, int64)")
def _pk_swap_phase3(un, u, _pk_np_s2, _pk_np_s3):
    for _pk_np_i0 in range(1, un.shape[0] - 1):
            for _pk_np_i1 in range(1, un.shape[1] - 1):
                    un[_pk_np_i0, _pk_np_i1] = 0.25 * (u[1 + (_pk_np_i0 - 1) * _pk_np_s2, (_pk_np_i1 - 1) * _pk_np_s3] + u[1 + (_pk_np_i0 - 1) * _pk_np_s2, 2 + (_pk_np_i1 - 1) * _pk_np_s3] + u[2 + (_pk_np_i0 - 1) * _pk_np_s2, 1 + (_pk_np_i1 - 1) * _pk_np_s3] + u[(_pk_np_i0 - 1) * _pk_np_s2, 1 + (_pk_np_i1 - 1) * _pk_np_s3])


def swap(a, steps):  # expect: CRB523
    u = np.empty_like(a)
    un = np.empty_like(a)
    _pk_np_s0 = min(a.shape[0] - 1, 1)
    _pk_np_s1 = min(a.shape[1] - 1, 1)
    if (a.shape[0] != u.shape[0] and a.shape[0] != 1) or (a.shape[1] != u.shape[1] and a.shape[1] != 1):
            raise ValueError("could not broadcast the operands of u[:,:]=a")
    _pk_swap_phase1(a, u, _pk_np_s0, _pk_np_s1)
    if (a.shape[0] != un.shape[0] and a.shape[0] != 1) or (a.shape[1] != un.shape[1] and a.shape[1] != 1):
            raise ValueError("could not broadcast the operands of un[:,:]=a")
    _pk_swap_phase2(a, un, _pk_np_s0, _pk_np_s1)
    for t in range(steps):
        # un[1:-1, 1:-1] = 0.25 * (u[1:-1, :-2] + u[1:-1, 2:] + u[2:, 1:-1] + u[:-2, 1:-1])
        if (max(u.shape[0] - 2, 0) != max(un.shape[0] - 2, 0) and max(u.shape[0] - 2, 0) != 1) or (max(u.shape[1] - 2, 0) != max(un.shape[1] - 2, 0) and max(u.shape[1] - 2, 0) != 1):
                raise ValueError("could not broadcast the operands of un[1:-1,1:-1]=0.25*(u[1:-1,:-2]+u[1:-1,2:]+u[2:,1:-1]+u[:-2,1:-1])")
        _pk_np_s2 = min(max(u.shape[0] - 2, 0) - 1, 1)
        _pk_np_s3 = min(max(u.shape[1] - 2, 0) - 1, 1)
        _pk_swap_phase3(un, u, _pk_np_s2, _pk_np_s3)
        u, un = un, u
    return u
