"""Time loops that allocate their scratch arrays at every step, as NumPy
scripts do: an explicit heat step through np.empty_like, a diffusion with a
zeroed flux array, and a relaxation whose residual buffer is np.full."""
import numpy as np
import numba as nb


# caramba: runas heat_1d(rng.random(N), 20)
@nb.njit
def heat_1d(u, steps):
    for t in range(steps):
        un = np.empty_like(u)
        un[0] = u[0]
        un[-1] = u[-1]
        un[1:-1] = u[1:-1] + 0.25 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        u[:] = un
    return u


# caramba: runas flux_diffusion(rng.random((N2, N2)), 10)
@nb.njit
def flux_diffusion(p, steps):
    for t in range(steps):
        flux = np.zeros((p.shape[0], p.shape[1]))
        flux[1:-1, 1:-1] = p[2:, 1:-1] - p[1:-1, 1:-1]
        p += 0.1 * flux
    return p


# caramba: runas damped_relax(rng.random(N), 0.5, 8)
@nb.njit
def damped_relax(x, omega, sweeps):
    total = 0.0
    for s in range(sweeps):
        r = np.full(x.shape[0], omega)
        r[1:-1] = r[1:-1] * (x[2:] + x[:-2] - 2.0 * x[1:-1])
        x[1:-1] += r[1:-1]
        total += np.sum(np.abs(r))
    return total
