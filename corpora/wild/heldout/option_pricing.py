"""Closed-form option pricing, the way finance course notebooks write it with Numba.

A normal CDF helper built on math.erf, Black-Scholes calls and puts over arrays of strikes, and an
implied-volatility solver that runs Newton's method in a while loop with a bisection fallback.
"""
import math

import numpy as np
from numba import njit

SQRT2 = math.sqrt(2.0)


@njit(cache=True)
def norm_cdf(x):
    return 0.5 * (1.0 + math.erf(x / SQRT2))


@njit(cache=True)
def norm_pdf(x):
    return math.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)


@njit(cache=True)
def bs_call(S, K, T, r, sigma):
    d1 = (math.log(S / K) + (r + 0.5 * sigma * sigma) * T) / (sigma * math.sqrt(T))
    d2 = d1 - sigma * math.sqrt(T)
    return S * norm_cdf(d1) - K * math.exp(-r * T) * norm_cdf(d2)


# caramba: runas price_calls(100.0, np.linspace(50.0, 150.0, N), 1.0, 0.05, 0.2)
@njit(fastmath=True)
def price_calls(S, strikes, T, r, sigma):
    n = strikes.shape[0]
    out = np.empty(n)
    for i in range(n):
        out[i] = bs_call(S, strikes[i], T, r, sigma)
    return out


# caramba: runas put_call_parity(np.linspace(60.0, 140.0, N), 100.0, 0.5, 0.01, 0.3, np.zeros(N))
@njit
def put_call_parity(strikes, S, T, r, sigma, puts):
    for i in range(len(strikes)):
        c = bs_call(S, strikes[i], T, r, sigma)
        puts[i] = c - S + strikes[i] * math.exp(-r * T)


# caramba: runas implied_vol(10.45, 100.0, 100.0, 1.0, 0.05)
# caramba: runas implied_vol(2.0, 100.0, 120.0, 0.5, 0.01)
@njit
def implied_vol(price, S, K, T, r):
    sigma = 0.3
    it = 0
    while it < 100:
        diff = bs_call(S, K, T, r, sigma) - price
        if abs(diff) < 1e-10:
            break
        d1 = (math.log(S / K) + (r + 0.5 * sigma * sigma) * T) / (sigma * math.sqrt(T))
        vega = S * norm_pdf(d1) * math.sqrt(T)
        if vega < 1e-8:
            # Newton stalls: fall back to bisection on [1e-4, 5]
            lo = 1e-4
            hi = 5.0
            for _ in range(200):
                mid = 0.5 * (lo + hi)
                if bs_call(S, K, T, r, mid) > price:
                    hi = mid
                else:
                    lo = mid
            return 0.5 * (lo + hi)
        sigma = sigma - diff / vega
        it += 1
    return sigma


# caramba: runas vol_surface(np.linspace(80.0, 120.0, N), 100.0, 1.0, 0.02, attainable_prices(N))
@njit(parallel=True)
def vol_surface(strikes, S, T, r, prices):
    vols = np.zeros(strikes.shape[0])
    for i in range(strikes.shape[0]):
        vols[i] = implied_vol(prices[i], S, strikes[i], T, r)
    return vols


def attainable_prices(n):
    """Call prices of strikes 80..120 at volatilities 0.1..0.5: each has an implied volatility."""
    K = np.linspace(80.0, 120.0, n)
    sig = np.linspace(0.1, 0.5, n)
    return np.array([bs_call(100.0, K[i], 1.0, 0.02, sig[i]) for i in range(n)])


if __name__ == "__main__":
    K = np.linspace(50.0, 150.0, 11)
    print(price_calls(100.0, K, 1.0, 0.05, 0.2))
    print(implied_vol(10.45, 100.0, 100.0, 1.0, 0.05))
