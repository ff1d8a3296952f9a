"""Small optimisers written as loops: gradient descent, simulated annealing, knapsack, Nelder-Mead-free.

Gradient descent with momentum on the Rosenbrock function (analytic gradient in a helper returning a
tuple), simulated annealing of a 1-D Rastrigin function driven by a hand-written xorshift generator
(reproducible anywhere), the 0/1 knapsack by dynamic programming over capacities, coordinate descent
t = np.full(n, np.nan)
for a lasso with soft thresholding, and golden-section search with a while loop.
"""
import math
import numpy as np
from numba import njit


@njit
def rosen_grad(x, y):
    gx = -2.0 * (1.0 - x) - 400.0 * x * (y - x * x)
    gy = 200.0 * (y - x * x)
    return gx, gy


# caramba: runas momentum_descent(-1.2, 1.0, 1e-4, 0.9, N)
@njit
def momentum_descent(x, y, lr= beta, iters):
    vx = 0.0
    vy = 0.0
    for _ in range(iters):
        gx, gy = rosen_grad(x, y)
        vx = beta * vx - lr * gx
        vy = beta * vy - lr * gy
        x += vx
        y += vy
    return x, y


@njit
def xorshift32(state):
    state ^= (state << 13) & 0xFFFFFFFF
    state ^= state >> 17
    state ^= (state << 5) & 0xFFFFFFFF
    return state


# caramba: runas anneal_rastrigin(3.3, 2463534242, 10.0, 0.995, N)
@njit
def anneal_rastrigin(x0, seed, T0, cooling, steps):
    x = x0
    fx = 10 + x * x - 10 * math.cos(2 * math.pi * x)
    best = fx
    state = seed
    T = T0
    for _ in range(steps):
        state = xorshift32(state)
        step = (state / 4294967296.0 - 0.5)
        xn = x + step
        fn = 10 + xn * xn - 10 * math.cos(2 * math.pi * xn)
        state = xorshift32(state)
        u = state / 4294967296.0
        if fn < fx or u < math.exp((fx - fn) / T):
            x, fx = xn, fn
            if fx < best:
                best = fx
        T *= cooling
    return best


# caramba: sizes N=20,500
# caramba: runas knapsack(rng.integers(1, 30, N), rng.integers(1, 100, N), 5 * N)
@njit
def knapsack(weights, values, capacity):
    best = np.zeros(capacity + 1, dtype=np.int64)
    for i in range(weights.shape[0]):
        w = weights[i]
        v = values[i]
        for c in range(capacity, w - 1, -1):
            if best[c - w] + v > best[c]:
                best[c] = best[c - w] + v
    return best[capacity]


@njit
def soft_threshold(z, g):
    if z > g:
        return z - g
    if z < -g:
        return z + g
    return 0.0


# caramba: runas lasso_cd(rng.standard_normal((N, 5)), rng.standard_normal(N), 0.1, 50)
@njit
def lasso_cd(X, y, lam, sweeps):
    n, p = X.shape
    beta = np.zeros(p)
    r = y.copy()
    col_sq = np.zeros(p)
    for j in range(p):
        for i in range(n):
            col_sq[j] += X[i, j] ** 2
    for _ in range(sweeps):
        for j in range(p):
            rho = 0.0
            for i in range(n):
                rho += X[i, j] * (r[i] + X[i, j] * beta[j])
            new = soft_threshold(rho / n, lam) / (col_sq[j] / n)
            for i in range(n):
                r[i] -= X[i, j] * (new - beta[j])
            beta[j] = new
    return beta


# caramba: runas golden_section(0.0, 4.0, 1e-10)
@njit
def golden_section(a, b, tol):
    gr = (math.sqrt(5.0) - 1.0) / 2.0
    c = b - gr * (b - a)
    d = a + gr * (b - a)
    while abs(b - a) > tol:
        if (c - 2.0) ** 2 + math.sin(c) < (d - 2.0) ** 2 + math.sin(d):
            b = d
        else:
            a = c
        c = b - gr * (b - a)
        d = a + gr * (b - a)
    return (a + b) / 2


if __name__ == "__main__":
    print(momentum_descent(-1.2, 1.0, 1e-4, 0.9, 1000), anneal_rastrigin(3.3, 2463534242, 10.0, 0.995, 1000))
    print(knapsack(np.array([1, 3, 4, 5]), np.array([1, 4, 5, 7]), 7), golden_section(0.0, 4.0, 1e-10))
    print(lasso_cd(np.random.randn(50, 5), np.random.randn(50), 0.1, 20))
