import math
import numpy as np
from numba import njit


# Velocity Verlet: 'theta' is read by the initialisation of 'a' before the
# loop, and the loop updates both; the serial phase takes 'theta' as the
# host holds it and hands 'theta' and 'omega' back in cells.
@njit("Tuple((float64, float64, float64[:]))(float64, float64, float64, int64, float64, float64)")
def pendulum_verlet(theta0, omega0, dt, steps, g, L):  # expect: CRB523
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


# Fortran-style bisection: 'rtb' and 'dx' are set by an if before the
# while loop: the phase takes them as the host holds them.
@njit("Tuple((float64, int64))(float64, float64, float64, int64)")
def bisect(x1, x2, tol, maxit):  # expect: CRB523
    f = x1 * x1 - 2.0
    if f < 0.0:
        rtb = x1
        dx = x2 - x1
    else:
        rtb = x2
        dx = x1 - x2
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
    return rtb, j


# A descent loop updates its parameters 'x' and 'y': each part of the split
# loop carries one in and hands it back.
@njit("UniTuple(float64, 2)(float64, float64, float64, int64)")
def descent(x, y, lr, iters):  # expect: CRB523
    for _ in range(iters):
        x -= lr * 2.0 * (x - 1.0)
        y -= lr * 4.0 * (y + 2.0)
    return x, y
