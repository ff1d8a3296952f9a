"""Monte Carlo estimators as they appear in tutorials: np.random inside the kernels.

Numba's np.random functions draw from Numba's own Mersenne Twister, seeded inside the kernel with
np.random.seed(seed); NumPy's global generator outside is a different stream. So the kernels that
draw inside take the seed as an argument and seed first (the result is then reproducible under Numba),
and the estimators are also written the way careful code writes them: uniforms drawn by the caller
and passed in, which any implementation must reproduce exactly.
"""
import numpy as np
from numba import njit, prange


# caramba: runas pi_seeded(N, 42)
@njit
def pi_seeded(n, seed):
    np.random.seed(seed)
    inside = 0
    for _ in range(n):
        x = np.random.random()
        y = np.random.random()
        if x * x + y * y <= 1.0:
            inside += 1
    return 4.0 * inside / n


# caramba: runas pi_from_points(rng.random(N), rng.random(N))
@njit(parallel=True)
def pi_from_points(xs, ys):
    inside = 0
    for i in prange(xs.shape[0]):
        if xs[i] ** 2 + ys[i] ** 2 <= 1.0:
            inside += 1
    return 4.0 * inside / xs.shape[0]


# caramba: runas mc_integrate_gauss(rng.random(N) * 6.0 - 3.0, -3.0, 3.0)
@njit
def mc_integrate_gauss(u, a, b):
    total = 0.0
    for x in u:
        total += np.exp(-0.5 * x * x)
    return (b - a) * total / len(u)


# caramba: runas european_call_paths(rng.standard_normal((N, 12)), 100.0, 105.0, 0.02, 0.25, 1.0)
@njit(parallel=True)
def european_call_paths(z, s0, strike, r, sigma, T):
    n_paths, n_steps = z.shape
    dt = T / n_steps
    drift = (r - 0.5 * sigma * sigma) * dt
    vol = sigma * np.sqrt(dt)
    payoff = np.zeros(n_paths)
    for p in prange(n_paths):
        s = s0
        for t in range(n_steps):
            s *= np.exp(drift + vol * z[p, t])
        payoff[p] = max(s - strike, 0.0)
    return np.exp(-r * T) * payoff.mean()


# caramba: runas random_walk_seeded(N, 7)
@njit
def random_walk_seeded(n_steps, seed):
    np.random.seed(seed)
    pos = np.zeros(n_steps + 1)
    for i in range(n_steps):
        pos[i + 1] = pos[i] + np.random.normal(0.0, 1.0)
    return pos


# caramba: runas lcg_pi(N, 12345)
@njit
def lcg_pi(n, seed):
    # a hand-written 64-bit LCG (Knuth's MMIX constants), common where results must be reproducible
    state = np.uint64(seed)
    a = np.uint64(6364136223846793005)
    c = np.uint64(1442695040888963407)
    inside = 0
    for _ in range(n):
        state = a * state + c
        x = (state >> np.uint64(11)) * (1.0 / 9007199254740992.0)
        state = a * state + c
        y = (state >> np.uint64(11)) * (1.0 / 9007199254740992.0)
        if x * x + y * y < 1.0:
            inside += 1
    return 4.0 * inside / n


if __name__ == "__main__":
    print(pi_seeded(10000, 42), pi_from_points(np.random.rand(1000), np.random.rand(1000)))
    print(mc_integrate_gauss(np.random.rand(1000) * 6 - 3, -3.0, 3.0))
    print(european_call_paths(np.random.standard_normal((100, 12)), 100.0, 105.0, 0.02, 0.25, 1.0))
    print(random_walk_seeded(10, 7)[-1], lcg_pi(10000, 12345))
