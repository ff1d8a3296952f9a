"""1-D and 2-D PDE time steps, as in "12 steps to Navier-Stokes" and numerical-methods courses.

Explicit heat equation (FTCS) with array swapping, upwind linear advection with periodic
boundaries by index arithmetic, the Thomas algorithm for an implicit step, a 2-D wave equation
with three time levels, and a 2-D diffusion step written with slices.
"""
import numpy as np
from numba import njit


# caramba: runas heat_ftcs(np.sin(np.linspace(0, np.pi, N)), 0.4, 50)
@njit
def heat_ftcs(u0, r, nsteps):
    u = u0.copy()
    un = np.empty_like(u)
    n = u.shape[0]
    for _ in range(nsteps):
        un[0] = u[0]
        un[n - 1] = u[n - 1]
        for i in range(1, n - 1):
            un[i] = u[i] + r * (u[i + 1] - 2.0 * u[i] + u[i - 1])
        u, un = un, u
    return u


# caramba: runas advect_upwind(np.exp(-np.linspace(-3, 3, N) ** 2), 0.5, 20)
@njit
def advect_upwind(u, c, nsteps):
    n = len(u)
    for step in range(nsteps):
        old = u.copy()
        for i in range(n):
            u[i] = old[i] - c * (old[i] - old[(i - 1) % n])
    return u


# caramba: runas thomas(np.full(N, -1.0), np.full(N, 4.0), np.full(N, -1.0), np.random.rand(N))
@njit
def thomas(a, b, c, d):
    n = d.shape[0]
    cp = np.zeros(n)
    dp = np.zeros(n)
    x = np.zeros(n)
    cp[0] = c[0] / b[0]
    dp[0] = d[0] / b[0]
    for i in range(1, n):
        m = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / m
        dp[i] = (d[i] - a[i] * dp[i - 1]) / m
    x[n - 1] = dp[n - 1]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]
    return x


# caramba: runas wave2d(np.random.rand(N2, N2), 0.25, 10)
@njit
def wave2d(u0, c2, nsteps):
    nx, ny = u0.shape
    prev = u0.copy()
    cur = u0.copy()
    nxt = np.zeros((nx, ny))
    for t in range(nsteps):
        for i in range(1, nx - 1):
            for j in range(1, ny - 1):
                lap = cur[i + 1, j] + cur[i - 1, j] + cur[i, j + 1] + cur[i, j - 1] - 4.0 * cur[i, j]
                nxt[i, j] = 2.0 * cur[i, j] - prev[i, j] + c2 * lap
        prev[:, :] = cur
        cur[:, :] = nxt
    return cur


# caramba: runas diffuse2d(np.random.rand(N2, N2), 0.1, 5)
@njit
def diffuse2d(u, nu, nt):
    for n in range(nt):
        un = u.copy()
        u[1:-1, 1:-1] = (un[1:-1, 1:-1]
                         + nu * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[:-2, 1:-1])
                         + nu * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, :-2]))
    return u


if __name__ == "__main__":
    x = np.linspace(0, 1, 50)
    print(heat_ftcs(np.sin(np.pi * x), 0.4, 100)[:5])
