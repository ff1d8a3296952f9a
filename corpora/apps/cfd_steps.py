"""Steps of "12 steps to Navier-Stokes" (Barba's CFD Python lessons), the way
the lessons and their Numba ports write them: every time step copies the field
(`un = u.copy()`) and updates the interior from the copy with slices; the
Poisson solver iterates in pseudo-time on a copy of the pressure."""
import numpy as np
from numba import njit


def hat(nx):
    dx = 2 / (nx - 1)
    u = np.ones(nx)
    u[int(.5 / dx):int(1 / dx + 1)] = 2
    return u


def hat2d(ny, nx):
    u = np.ones((ny, nx))
    u[int(.5 * ny / 2):int(ny / 2 + 1), int(.5 * nx / 2):int(nx / 2 + 1)] = 2
    return u


# Step 1: linear convection.
# caramba: runas linear_convection(hat(N), 25, 0.025, 2.0 / (N - 1), 1.0)
@njit
def linear_convection(u, nt, dt, dx, c):
    for n in range(nt):
        un = u.copy()
        u[1:] = un[1:] - c * dt / dx * (un[1:] - un[:-1])
    return u


# Step 3: diffusion.
# caramba: runas diffusion(hat(N), 20, 0.3, 0.1, 2.0 / (N - 1))
@njit
def diffusion(u, nt, nu, sigma, dx):
    dt = sigma * dx ** 2 / nu
    for n in range(nt):
        un = u.copy()
        u[1:-1] = un[1:-1] + nu * dt / dx ** 2 * (un[2:] - 2 * un[1:-1] + un[:-2])
    return u


# Step 4: Burgers' equation, the convective difference in a temporary.
# caramba: runas burgers(hat(N), 20, 0.07, 0.001, 2.0 / (N - 1))
@njit
def burgers(u, nt, nu, dt, dx):
    for n in range(nt):
        un = np.copy(u)
        du = un[1:-1] - un[:-2]
        u[1:-1] = (un[1:-1] - un[1:-1] * dt / dx * du +
                   nu * dt / dx ** 2 * (un[2:] - 2 * un[1:-1] + un[:-2]))
        u[0] = un[0] - un[0] * dt / dx * (un[0] - un[-2]) + \
            nu * dt / dx ** 2 * (un[1] - 2 * un[0] + un[-2])
        u[-1] = u[0]
    return u


# Step 7: 2-D diffusion with Dirichlet boundaries.
# caramba: runas diffusion_2d(hat2d(N2, N2), 10, 0.05, 0.25, 2.0 / (N2 - 1))
@njit
def diffusion_2d(u, nt, nu, sigma, dx):
    dy = dx
    dt = sigma * dx * dy / nu
    for n in range(nt + 1):
        un = u.copy()
        u[1:-1, 1:-1] = (un[1:-1, 1:-1] +
                         nu * dt / dx ** 2 * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                         nu * dt / dy ** 2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1]))
        u[0, :] = 1
        u[-1, :] = 1
        u[:, 0] = 1
        u[:, -1] = 1
    return u


# Step 10: Poisson's equation in pseudo-time, the five-point update computed
# into a zero-filled array first.
# caramba: runas poisson_2d(np.zeros((N2, N2)), rng.random((N2, N2)), 2.0 / (N2 - 1), 1.0 / (N2 - 1), 30)
@njit
def poisson_2d(p, b, dx, dy, nit):
    for it in range(nit):
        pd = np.zeros_like(p)
        pn = p.copy()
        pd[1:-1, 1:-1] = (((pn[1:-1, 2:] + pn[1:-1, :-2]) * dy ** 2 +
                           (pn[2:, 1:-1] + pn[:-2, 1:-1]) * dx ** 2 -
                           b[1:-1, 1:-1] * dx ** 2 * dy ** 2) /
                          (2 * (dx ** 2 + dy ** 2)))
        p[1:-1, 1:-1] = pd[1:-1, 1:-1]
        p[0, :] = 0
        p[-1, :] = 0
        p[:, 0] = 0
        p[:, -1] = 0
    return p


# A Jacobi relaxation that stops on a tolerance or after max_steps, whichever
# comes first (here the step limit, so that both sides stop at the same step).
# caramba: runas laplace_tol(rng.random((N2, N2)), 1e-12, 40)
@njit
def laplace_tol(p, tol, max_steps):
    change = 1.0
    steps = 0
    while change > tol and steps < max_steps:
        pn = p.copy()
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1])
        p[:, 0] = 0
        p[:, -1] = pn[:, -1]
        p[0, :] = p[1, :]
        p[-1, :] = p[-2, :]
        change = np.sum(np.abs(p - pn)) / (np.sum(np.abs(pn)) + 1e-12)
        steps += 1
    return p
