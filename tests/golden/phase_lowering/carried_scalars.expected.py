import math
import numpy as np
from numba import njit


# Velocity Verlet: 'theta' is read by the initialisation of 'a' before the
# loop, and the loop updates both; the serial phase takes 'theta' as the
# host holds it and hands 'theta' and 'omega' back in cells.
@njit("void(float64, float64, int64, float64, float64, float64[::1], float64, float64[::1], float64[::1])")
def _pk_pendulum_verlet_phase1(omega0, dt, steps, g, L, energy, _pk_carry_theta, _pk_out_omega, _pk_out_theta):
    theta = _pk_carry_theta
    omega = omega0
    a = -g / L * math.sin(theta)
    for n in range(steps):
        theta += omega * dt + 0.5 * a * dt * dt
        a_new = -g / L * math.sin(theta)
        omega += 0.5 * (a + a_new) * dt
        a = a_new
        energy[n] = 0.5 * L * L * omega * omega + g * L * (1 - math.cos(theta))
    _pk_out_omega[0] = omega
    _pk_out_theta[0] = theta


def pendulum_verlet(theta0, omega0, dt, steps, g, L):  # expect: CRB523
    theta = theta0
    energy = np.empty(steps)
    _pk_carry_theta = theta
    _pk_out_omega = np.empty(1, dtype=np.float64)
    _pk_out_theta = np.empty(1, dtype=np.float64)
    _pk_pendulum_verlet_phase1(omega0, dt, steps, g, L, energy, _pk_carry_theta, _pk_out_omega, _pk_out_theta)
    omega = _pk_out_omega[0].item()
    theta = _pk_out_theta[0].item()
    return theta, omega, energy


# Fortran-style bisection: 'rtb' and 'dx' are set by an if before the
# while loop: the phase takes them as the host holds them.
@njit("void(float64, int64, float64, float64, int64[::1], float64[::1])")
def _pk_bisect_phase1(tol, maxit, _pk_carry_dx, _pk_carry_rtb, _pk_out_j, _pk_out_rtb):
    dx = _pk_carry_dx
    rtb = _pk_carry_rtb
    j = 1
    while j <= maxit:
        dx = dx * 0.5
        xmid = rtb + dx
        fmid = xmid * xmid - 2.0
        if fmid <= 0.0:
            rtb = xmid
        if abs(dx) < tol or fmid == 0.0:
            break
        j = j + 1
    _pk_out_j[0] = j
    _pk_out_rtb[0] = rtb


def bisect(x1, x2, tol, maxit):  # expect: CRB523
    f = x1 * x1 - 2.0
    if f < 0.0:
        rtb = x1
        dx = x2 - x1
    else:
        rtb = x2
        dx = x1 - x2
    _pk_carry_dx = dx
    _pk_carry_rtb = rtb
    _pk_out_j = np.empty(1, dtype=np.int64)
    _pk_out_rtb = np.empty(1, dtype=np.float64)
    _pk_bisect_phase1(tol, maxit, _pk_carry_dx, _pk_carry_rtb, _pk_out_j, _pk_out_rtb)
    j = _pk_out_j[0].item()
    rtb = _pk_out_rtb[0].item()
    return rtb, j


# A descent loop updates its parameters 'x' and 'y': each part of the split
# loop carries one in and hands it back.
@njit("float64(float64, int64, float64)")
def _pk_descent_phase1(lr, iters, _pk_carry_x):
    x = _pk_carry_x
    for _ in range(iters):
        x -= lr * 2.0 * (x - 1.0)
    return x


@njit("float64(float64, int64, float64)")
def _pk_descent_phase2(lr, iters, _pk_carry_y):
    y = _pk_carry_y
    for _ in range(iters):
        y -= lr * 4.0 * (y + 2.0)
    return y


def descent(x, y, lr, iters):  # expect: CRB523
    _pk_carry_x = x
    x = _pk_descent_phase1(lr, iters, _pk_carry_x)
    _pk_carry_y = y
    y = _pk_descent_phase2(lr, iters, _pk_carry_y)
    return x, y
