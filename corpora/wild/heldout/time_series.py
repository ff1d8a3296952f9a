"""Financial time-series indicators, as in trading-strategy notebooks that use Numba for speed.

Simple moving average with a running window sum, exponential moving average, log returns, maximum
drawdown with a running peak, a rolling standard deviation, and the RSI with Wilder smoothing.
"""
import numpy as np
from numba import njit


def prices(n):
    return 100.0 * np.exp(np.cumsum(np.random.default_rng(1).normal(0, 0.01, n)))


# caramba: runas sma(prices(N), 20)
@njit(cache=True)
def sma(x, window):
    n = x.shape[0]
    out = np.full(n, np.nan)
    s = 0.0
    for i in range(n):
        s += x[i]
        if i >= window:
            s -= x[i - window]
        if i >= window - 1:
            out[i] = s / window
    return out


# caramba: runas ema(prices(N), 0.1)
@njit(cache=True)
def ema(x, alpha):
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, len(x)):
        out[i] = alpha * x[i] + (1 - alpha) * out[i - 1]
    return out


# caramba: runas log_returns(prices(N))
@njit
def log_returns(p):
    r = np.zeros(p.shape[0] - 1)
    for i in range(1, p.shape[0]):
        r[i - 1] = np.log(p[i] / p[i - 1])
    return r


# caramba: runas max_drawdown(prices(N))
@njit
def max_drawdown(p):
    peak = p[0]
    mdd = 0.0
    for i in range(p.shape[0]):
        if p[i] > peak:
            peak = p[i]
        dd = (peak - p[i]) / peak
        if dd > mdd:
            mdd = dd
    return mdd


# caramba: runas rolling_std(prices(N), 10)
@njit
def rolling_std(x, w):
    n = len(x)
    out = np.full(n, np.nan)
    for i in range(w - 1, n):
        m = 0.0
        for k in range(i - w + 1, i + 1):
            m += x[k]
        m /= w
        v = 0.0
        for k in range(i - w + 1, i + 1):
            v += (x[k] - m) ** 2
        out[i] = np.sqrt(v / (w - 1))
    return out


# caramba: runas rsi(prices(N), 14)
@njit
def rsi(p, period):
    n = p.shape[0]
    out = np.full(n, np.nan)
    gain = 0.0
    loss = 0.0
    for i in range(1, period + 1):
        d = p[i] - p[i - 1]
        if d > 0:
            gain += d
        else:
            loss -= d
    gain /= period
    loss /= period
    for i in range(period, n):
        if i > period:
            d = p[i] - p[i - 1]
            up = d if d > 0 else 0.0
            down = -d if d < 0 else 0.0
            gain = (gain * (period - 1) + up) / period
            loss = (loss * (period - 1) + down) / period
        if loss == 0.0:
            out[i] = 100.0
        else:
            out[i] = 100.0 - 100.0 / (1.0 + gain / loss)
    return out


if __name__ == "__main__":
    p = prices(300)
    print(sma(p, 20)[-1], ema(p, 0.1)[-1], max_drawdown(p), rsi(p, 14)[-1])
