"""Fixed-step ODE integrators for small systems, as in dynamical-systems course notebooks.

Classic RK4 for the Lorenz system (state in a length-3 array, the right-hand side a helper kernel
that returns a new array), the velocity-Verlet pendulum, Lotka-Volterra with explicit Euler, a batch
of independent damped oscillators integrated in parallel, and the SIR epidemic model with RK2.
"""
import math
import numpy as np
from numba import njit, prange


@njit
def lorenz_rhs(s, sigma, rho, beta):
    d = np.empty(3)
    d[0] = sigma * (s[1] - s[0])
    d[1] = s[0] * (rho - s[2]) - s[1]
    d[2] = s[0] * s[1] - beta * s[2]
    return d


# caramba: runas lorenz_rk4(np.array([1.0, 1.0, 1.0]), 0.005, N)
@njit
def lorenz_rk4(s0, dt, steps):
    traj = np.empty((steps + 1, 3))
    traj[0] = s0
    s = s0.copy()
    for n in range(steps):
        k1 = lorenz_rhs(s, 10.0, 28.0, 8.0 / 3.0)
        k2 = lorenz_rhs(s + 0.5 * dt * k1, 10.0, 28.0, 8.0 / 3.0)
        k3 = lorenz_rhs(s + 0.5 * dt * k2, 10.0, 28.0, 8.0 / 3.0)
        k4 = lorenz_rhs(s + dt * k3, 10.0, 28.0, 8.0 / 3.0)
        s = s + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        traj[n + 1] = s
    return traj


# caramba: runas pendulum_verlet(1.0, 0.0, 0.01, N, 9.81, 1.0)
@njit
def pendulum_verlet(theta0, omega0, dt, steps, g, L):
    theta = theta0
    omega = omega0
    energy = np.empty(steps)
    a = -g / L * math.sin(theta)
    for n in range(steps):
        theta += omega * dt + 0.5 * a * dt * dt
        a_new = -g / L * math.sin(theta)
        omega += 0.5 * (a + a_new) * dt
        a = a_new
        energy[n] = 0.5 * L * L * omega * omega + g * L * (1 - math.cos(theta))
    return theta, omega, energy


# caramba: runas lotka_volterra(10.0, 5.0, 1.1, 0.4, 0.1, 0.4, 0.001, N)
@njit
def lotka_volterra(x0, y0, alpha, beta, delta, gamma, dt, steps):
    xs = np.zeros(steps)
    ys = np.zeros(steps)
    x, y = x0, y0
    for i in range(steps):
        dx = alpha * x - beta * x * y
        dy = delta * x * y - gamma * y
        x += dt * dx
        y += dt * dy
        xs[i] = x
        ys[i] = y
    return xs, ys


# caramba: runas damped_oscillators(rng.random(N), rng.random(N) * 4 + 1, 0.1, 0.01, 200)
@njit(parallel=True)
def damped_oscillators(x0, omega, zeta, dt, steps):
    n = x0.shape[0]
    final = np.empty((n, 2))
    for k in prange(n):
        x = x0[k]
        v = 0.0
        w = omega[k]
        for _ in range(steps):
            acc = -2.0 * zeta * w * v - w * w * x
            v += acc * dt
            x += v * dt
        final[k, 0] = x
        final[k, 1] = v
    return final


# caramba: runas sir_rk2(0.99, 0.01, 0.0, 0.3, 0.1, 0.1, N)
@njit
def sir_rk2(s0, i0, r0, beta, gamma, dt, steps):
    out = np.empty((steps, 3))
    s, i, r = s0, i0, r0
    for n in range(steps):
        ds1 = -beta * s * i
        di1 = beta * s * i - gamma * i
        sm = s + 0.5 * dt * ds1
        im = i + 0.5 * dt * di1
        ds2 = -beta * sm * im
        di2 = beta * sm * im - gamma * im
        s += dt * ds2
        i += dt * di2
        r = 1.0 - s - i
        out[n, 0] = s
        out[n, 1] = i
        out[n, 2] = r
    return out


if __name__ == "__main__":
    print(lorenz_rk4(np.ones(3), 0.005, 100)[-1], pendulum_verlet(1.0, 0.0, 0.01, 100, 9.81, 1.0)[:2])
    print(lotka_volterra(10.0, 5.0, 1.1, 0.4, 0.1, 0.4, 0.001, 100)[0][-1])
    print(damped_oscillators(np.random.rand(4), np.random.rand(4) + 1, 0.1, 0.01, 100)[0], sir_rk2(0.99, 0.01, 0.0, 0.3, 0.1, 0.1, 100)[-1])
