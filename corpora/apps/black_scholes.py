"""Black-Scholes European option pricing (after Numba's classic example)."""
import math

import numpy as np
from numba import njit, prange

RISKFREE = 0.02
VOLATILITY = 0.30


@njit
def cnd(d):
    A1 = 0.31938153
    A2 = -0.356563782
    A3 = 1.781477937
    A4 = -1.821255978
    A5 = 1.330274429
    RSQRT2PI = 0.39894228040143267794
    K = 1.0 / (1.0 + 0.2316419 * math.fabs(d))
    ret_val = RSQRT2PI * math.exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))))
    if d > 0:
        ret_val = 1.0 - ret_val
    return ret_val


@njit(parallel=True)
def black_scholes(call, put, stock, strike, years, riskfree, volatility):
    for i in prange(stock.shape[0]):
        S = stock[i]
        X = strike[i]
        T = years[i]
        sqrtT = math.sqrt(T)
        d1 = (math.log(S / X) + (riskfree + 0.5 * volatility * volatility) * T) / (volatility * sqrtT)
        d2 = d1 - volatility * sqrtT
        cndd1 = cnd(d1)
        cndd2 = cnd(d2)
        expRT = math.exp(-riskfree * T)
        call[i] = S * cndd1 - X * expRT * cndd2
        put[i] = X * expRT * (1.0 - cndd2) - S * (1.0 - cndd1)


@njit
def portfolio_value(call, put, weights):
    v = 0.0
    for i in range(call.shape[0]):
        v += weights[i] * (call[i] - put[i])
    return v


# caramba: runas cnd(0.7)
# caramba: runas cnd(-1.3)
# caramba: runas black_scholes(np.zeros(N), np.zeros(N), np.random.uniform(5.0, 30.0, N), np.random.uniform(1.0, 100.0, N), np.random.uniform(0.25, 10.0, N), RISKFREE, VOLATILITY)
# caramba: runas portfolio_value(np.random.rand(N), np.random.rand(N), np.random.rand(N))
