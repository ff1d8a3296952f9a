"""Integer number theory, as in Project-Euler-style Numba code.

Sieve of Eratosthenes on a uint8 array, gcd by Euclid's while loop over pairs, Collatz chain
lengths with a capped while loop, bit counting with shifts and masks, modular exponentiation by
squaring, and the integer square root by Newton's method.
"""
import numpy as np
from numba import njit


# caramba: runas sieve(N)
@njit
def sieve(n):
    is_prime = np.ones(n + 1, dtype=np.uint8)
    is_prime[0] = 0
    is_prime[1] = 0
    p = 2
    while p * p <= n:
        if is_prime[p]:
            for m in range(p * p, n + 1, p):
                is_prime[m] = 0
        p += 1
    return is_prime


@njit
def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


# caramba: runas pair_gcds(np.random.randint(1, 10000, N), np.random.randint(1, 10000, N))
@njit
def pair_gcds(a, b):
    out = np.empty(a.shape[0], dtype=np.int64)
    for i in range(a.shape[0]):
        out[i] = gcd(a[i], b[i])
    return out


# caramba: runas collatz_lengths(N)
@njit
def collatz_lengths(limit):
    lengths = np.zeros(limit, dtype=np.int64)
    for start in range(1, limit):
        n = start
        steps = 0
        while n != 1 and steps < 1000:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            steps += 1
        lengths[start] = steps
    return lengths


# caramba: runas popcounts(np.arange(N, dtype=np.int64) * 2654435761 % (2 ** 31))
@njit
def popcounts(x):
    out = np.zeros_like(x)
    for i in range(x.shape[0]):
        v = x[i]
        c = 0
        while v:
            c += v & 1
            v >>= 1
        out[i] = c
    return out


@njit
def powmod(base, exp, mod):
    result = 1
    base = base % mod
    while exp > 0:
        if exp & 1:
            result = (result * base) % mod
        exp >>= 1
        base = (base * base) % mod
    return result


# caramba: runas fermat_test(np.arange(3, N + 3, dtype=np.int64))
@njit
def fermat_test(ns):
    flags = np.zeros(ns.shape[0], dtype=np.int64)
    for i in range(ns.shape[0]):
        if powmod(2, ns[i] - 1, ns[i]) == 1:
            flags[i] = 1
    return flags


# caramba: runas isqrt_newton(np.arange(N, dtype=np.int64) * 977)
@njit
def isqrt_newton(vals):
    out = np.empty_like(vals)
    for i in range(vals.shape[0]):
        n = vals[i]
        if n < 2:
            out[i] = n
            continue
        x = n
        y = (x + 1) // 2
        while y < x:
            x = y
            y = (x + n // x) // 2
        out[i] = x
    return out


if __name__ == "__main__":
    print(np.nonzero(sieve(50))[0], pair_gcds(np.array([12, 18]), np.array([8, 27])))
