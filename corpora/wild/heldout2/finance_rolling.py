"""Rolling-window finance indicators, written as pandas users port them to Numba.

EWMA with adjust=False, maximum drawdown and its peak index, a rolling mean/std with running sums,
Wilder's RSI, a volume-weighted average price per session (sessions given as int labels), and the
rolling max of a series with a monotone deque kept in two arrays.
"""
import numpy as np
from numba import njit


def prices(n, seed=0):
    r = np.random.default_rng(seed)
    return 100.0 * np.exp(np.cumsum(0.01 * r.standard_normal(n)))


# caramba: runas ewma(prices(N), 0.1)
@njit
def ewma(x, alpha):
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = alpha * x[i] + (1.0 - alpha) * out[i - 1]
    return out


# caramba: runas max_drawdown(prices(N))
@njit
def max_drawdown(p):
    peak = p[0]
    peak_i = 0
    mdd = 0.0
    mdd_peak = 0
    for i in range(1, len(p)):
        if p[i] > peak:
            peak = p[i]
            peak_i = i
        dd = (peak - p[i]) / peak
        if dd > mdd:
            mdd = dd
            mdd_peak = peak_i
    return mdd, mdd_peak


# caramba: runas rolling_mean_std(prices(N), 20)
@njit
def rolling_mean_std(x, w):
    n = x.size
    mean = np.full(n, np.nan)
    std = np.full(n, np.nan)
    s = 0.0
    s2 = 0.0
    for i in range(n):
        s += x[i]
        s2 += x[i] * x[i]
        if i >= w:
            s -= x[i - w]
            s2 -= x[i - w] * x[i - w]
        if i >= w - 1:
            m = s / w
            mean[i] = m
            var = (s2 - w * m * m) / (w - 1)
            std[i] = np.sqrt(var) if var > 0 else 0.0
    return mean, std


# caramba: runas rsi(prices(N), 14)
@njit
def rsi(p, period):
    n = len(p)
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
    out[period] = 100.0 - 100.0 / (1.0 + gain / loss) if loss != 0 else 100.0
    for i in range(period + 1, n):
        d = p[i] - p[i - 1]
        g = d if d > 0 else 0.0
        l = -d if d < 0 else 0.0
        gain = (gain * (period - 1) + g) / period
        loss = (loss * (period - 1) + l) / period
        out[i] = 100.0 if loss == 0 else 100.0 - 100.0 / (1.0 + gain / loss)
    return out


# caramba: runas session_vwap(prices(N), rng.integers(1, 1000, N).astype(np.float64), np.sort(rng.integers(0, 5, N)))
@njit
def session_vwap(price, volume, session):
    out = np.empty_like(price)
    pv = 0.0
    vol = 0.0
    for i in range(price.shape[0]):
        if i > 0 and session[i] != session[i - 1]:
            pv = 0.0
            vol = 0.0
        pv += price[i] * volume[i]
        vol += volume[i]
        out[i] = pv / vol
    return out


# caramba: runas rolling_max(prices(N), 10)
@njit
def rolling_max(x, w):
    n = len(x)
    out = np.empty(n - w + 1)
    dq = np.empty(n, dtype=np.int64)
    head = 0
    tail = 0
    for i in range(n):
        while tail > head and x[dq[tail - 1]] <= x[i]:
            tail -= 1
        dq[tail] = i
        tail += 1
        if dq[head] <= i - w:
            head += 1
        if i >= w - 1:
            out[i - w + 1] = x[dq[head]]
    return out


if __name__ == "__main__":
    p = prices(300)
    print(ewma(p, 0.1)[-1], max_drawdown(p), rolling_mean_std(p, 20)[1][-1], rsi(p, 14)[-1])
    print(session_vwap(p, np.ones(300), np.repeat(np.arange(3), 100))[-1], rolling_max(p, 10)[:3])
