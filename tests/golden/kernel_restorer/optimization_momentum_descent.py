# A Numba kernel refused late (its tuple return) keeps the helper it calls as
# Numba code: rosen_grad alone would run on the host as plain Python, which
# nopython code cannot call (from wild/heldout2/optimization.py).
from numba import njit


@njit  # expect: CRB132
def rosen_grad(x, y):
    gx = -2.0 * (1.0 - x) - 400.0 * x * (y - x * x)
    gy = 200.0 * (y - x * x)
    return gx, gy


@njit
def momentum_descent(x, y, lr, beta, iters):
    vx = 0.0
    vy = 0.0
    for _ in range(iters):
        gx, gy = rosen_grad(x, y)
        vx = beta * vx - lr * gx
        vy = beta * vy - lr * gy
        x += vx
        y += vy
    return x, y  # expect: CRB127


if __name__ == "__main__":
    print(rosen_grad(-1.2, 1.0))
    print(momentum_descent(-1.2, 1.0, 1e-4, 0.9, 1000))
