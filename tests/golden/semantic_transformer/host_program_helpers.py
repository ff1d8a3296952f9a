import numpy as np
from numba import njit


# NPBench-style: the step function allocates, calls its source term on the
# host, then runs its own phase; the source term, kept as Numba code for a
# Numba caller before, translates on its own once its caller is a host program.
@njit("void(float64[:], float64[:], float64)")
def source_term(b, u, dx):
    b[1:-1] = (u[2:] - u[:-2]) / (2 * dx)


@njit("void(float64[:], float64, float64)")
def diffuse_step(u, dx, dt):  # expect: CRB523
    b = np.zeros_like(u)
    source_term(b, u, dx)
    for i in range(1, u.shape[0] - 1):
        u[i] = u[i] + dt * b[i]


# A driver whose time loop only calls the step: a host program of no phase
# of its own.
@njit("void(float64[:], float64, float64, int64)")
def diffuse(u, dx, dt, nt):  # expect: CRB523
    for n in range(nt):
        diffuse_step(u, dx, dt)


# A helper that stays Numba code (it prints): its caller stays Numba code too.
@njit("float64[:](float64[:])")
def noisy_copy(u):
    v = u.copy()
    print(v[0])  # expect: CRB111
    return v


@njit("void(float64[:])")
def double_noisy(u):
    w = noisy_copy(u)  # expect: CRB119
    for i in range(u.shape[0]):
        u[i] = 2.0 * w[i]
