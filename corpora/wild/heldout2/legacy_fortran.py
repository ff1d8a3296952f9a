"""Legacy numerics ported line by line from Fortran 77: 1-based indices, DO loops with steps, while loops.

Arrays are allocated one element larger and index 0 is unused (the port keeps the Fortran indices);
the Thomas algorithm for a tridiagonal system, Horner evaluation of a polynomial with the coefficient
count passed separately, a bisection loop with an iteration cap in a while, the trapezoid rule with
a DO loop of stride 2 (Simpson), and a bubble sort with a swapped flag (the GOTO 10 idiom).
"""
import numpy as np
from numba import njit


def tridiag(n, seed=0):
    r = np.random.default_rng(seed)
    a = np.zeros(n + 1); b = np.zeros(n + 1); c = np.zeros(n + 1); d = np.zeros(n + 1)
    a[2:] = r.random(n - 1)
    c[1:n] = r.random(n - 1)
    b[1:] = 4.0 + r.random(n)
    d[1:] = r.random(n)
    return a, b, c, d, n


# caramba: runas tridag(*tridiag(N))
@njit
def tridag(a, b, c, r, n):
    u = np.zeros(n + 1)
    gam = np.zeros(n + 1)
    bet = b[1]
    u[1] = r[1] / bet
    for j in range(2, n + 1):
        gam[j] = c[j - 1] / bet
        bet = b[j] - a[j] * gam[j]
        u[j] = (r[j] - a[j] * u[j - 1]) / bet
    for j in range(n - 1, 0, -1):
        u[j] = u[j] - gam[j + 1] * u[j + 1]
    return u


# caramba: runas horner(np.array([0.0, 1.0, -2.0, 0.5, 3.0]), 4, rng.random(N))
@njit
def horner(coef, ncoef, x):
    y = np.zeros(x.shape[0] + 1)
    for i in range(1, x.shape[0] + 1):
        p = coef[ncoef]
        k = ncoef - 1
        while k >= 1:
            p = p * x[i - 1] + coef[k]
            k = k - 1
        y[i] = p
    return y


@njit
def func(x):
    return x * x * x - 2.0 * x - 5.0


# caramba: runas bisect(2.0, 3.0, 1e-12, 200)
@njit
def bisect(x1, x2, tol, maxit):
    f = func(x1)
    fmid = func(x2)
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
        fmid = func(xmid)
        if fmid <= 0.0:
            rtb = xmid
        if abs(dx) < tol or fmid == 0.0:
            break
        j = j + 1
    return rtb, j


# caramba: runas simpson(np.sin(np.linspace(0.0, np.pi, 2 * (N // 2) + 1)), 2 * (N // 2), np.pi / (2 * (N // 2)))
@njit
def simpson(f, n, h):
    s = f[0] + f[n]
    for i in range(1, n, 2):
        s = s + 4.0 * f[i]
    for i in range(2, n - 1, 2):
        s = s + 2.0 * f[i]
    return s * h / 3.0


# caramba: sizes N=30,600
# caramba: runas bubble_sort(rng.random(N + 1), N)
@njit
def bubble_sort(a, n):
    swapped = True
    while swapped:
        swapped = False
        for i in range(1, n):
            if a[i] > a[i + 1]:
                t = a[i]
                a[i] = a[i + 1]
                a[i + 1] = t
                swapped = True
    return a


# caramba: runas matvec_1based(rng.random((N2 + 1, N2 + 1)), rng.random(N2 + 1), N2)
@njit
def matvec_1based(a, x, n):
    y = np.zeros(n + 1)
    for i in range(1, n + 1):
        s = 0.0
        for j in range(1, n + 1):
            s = s + a[i, j] * x[j]
        y[i] = s
    return y


if __name__ == "__main__":
    u = tridag(*tridiag(10))
    print(u[1:4], horner(np.array([0.0, 1.0, -2.0, 0.5, 3.0]), 4, np.random.rand(3)))
    print(bisect(2.0, 3.0, 1e-12, 200), simpson(np.sin(np.linspace(0, np.pi, 101)), 100, np.pi / 100))
    print(bubble_sort(np.random.rand(11), 10)[1:4], matvec_1based(np.random.rand(4, 4), np.random.rand(4), 3))
