import numpy as np
from numba import njit
import pykokkos as pk


# NPBench-style: the step function allocates, calls its source term on the
# host, then runs its own phase; the source term, kept as Numba code for a
# Numba caller before, translates on its own once its caller is a host program.
@pk.workunit
def _pk_source_term(tid, b: pk.View1D[pk.double], u: pk.View1D[pk.double], dx: pk.double):
    # b[1:-1] = (u[2:] - u[:-2]) / (2 * dx)
    _pk_t0: pk.int64 = int(u.extent(0)) - 2
    if 0 > _pk_t0:
        _pk_t0 = 0
    _pk_t1: pk.int64 = _pk_t0 - 1
    if 1 < _pk_t1:
        _pk_t1 = 1
    _pk_np_s0: pk.int64 = _pk_t1
    _pk_np_i0: pk.int64 = 1 + tid
    b[_pk_np_i0] = (u[2 + (_pk_np_i0 - 1) * _pk_np_s0] - u[(_pk_np_i0 - 1) * _pk_np_s0]) / (2 * dx)


def source_term(b, u, dx):
    if (max(int(u.shape[0]) - 2, 0) != max(int(b.shape[0]) - 2, 0) and max(int(u.shape[0]) - 2, 0) != 1):
        raise ValueError("could not broadcast the operands of b[1:-1]=(u[2:]-u[:-2])/(2*dx)")
    _pk_space = pk.Serial if np.may_share_memory(b, u) else pk.get_default_space()
    pk.parallel_for(pk.RangePolicy(_pk_space, 0, len(range(1, int(b.shape[0]) - 1))), _pk_source_term,
        b=pk.array(b),
        u=pk.array(u),
        dx=dx)


@pk.workunit
def _pk_diffuse_step_phase1(tid, u: pk.View1D[pk.double], dt: pk.double, b: pk.View1D[pk.double]):
    i: pk.int64 = 1 + tid
    u[i] = u[i] + dt * b[i]


def diffuse_step(u, dx, dt):  # expect: CRB523
    b = np.zeros_like(u)
    source_term(b, u, dx)
    pk.parallel_for(pk.RangePolicy(pk.get_default_space(), 0, len(range(1, int(u.shape[0]) - 1))), _pk_diffuse_step_phase1,
        u=pk.array(u),
        dt=dt,
        b=pk.array(b))


# A driver whose time loop only calls the step: a host program of no phase
# of its own.
def diffuse(u, dx, dt, nt):  # expect: CRB523
    for n in range(nt):
        diffuse_step(u, dx, dt)


# A helper that stays Numba code (it prints): its caller stays Numba code too.
@njit("float64[:](float64[:])")
def noisy_copy(u):
    # v = u.copy()
    v = np.empty(u.shape[0], dtype=np.float64)
    for _pk_np_i0 in range(u.shape[0]):
        v[_pk_np_i0] = u[_pk_np_i0]
    print(v[0])  # expect: CRB111
    return v


@njit("void(float64[:])")
def double_noisy(u):
    w = noisy_copy(u)  # expect: CRB119
    for i in range(u.shape[0]):
        u[i] = 2.0 * w[i]
