"""Digital filters, as in audio and DSP tutorials ported to Numba.

An FIR filter with a direct-form loop, a biquad IIR filter (loop-carried state), decimation with
a stepped range, a time reversal with a negative-step range, the autocorrelation for a range of
lags, and zero-crossing counts with an integer sign flag.
"""
import numpy as np
from numba import njit


# caramba: runas fir(np.random.randn(N), np.array([0.1, 0.2, 0.4, 0.2, 0.1]))
@njit
def fir(x, b):
    y = np.zeros_like(x)
    for n in range(x.shape[0]):
        acc = 0.0
        for k in range(b.shape[0]):
            if n - k >= 0:
                acc += b[k] * x[n - k]
        y[n] = acc
    return y


# caramba: runas biquad(np.random.randn(N), 0.2, 0.4, 0.2, -0.3, 0.1)
@njit
def biquad(x, b0, b1, b2, a1, a2):
    y = np.empty(x.shape[0])
    x1 = 0.0
    x2 = 0.0
    y1 = 0.0
    y2 = 0.0
    for n in range(x.shape[0]):
        yn = b0 * x[n] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1
        x1 = x[n]
        y2 = y1
        y1 = yn
        y[n] = yn
    return y


# caramba: runas decimate(np.random.randn(N), 4)
@njit
def decimate(x, q):
    m = (x.shape[0] + q - 1) // q
    out = np.empty(m)
    j = 0
    for i in range(0, x.shape[0], q):
        out[j] = x[i]
        j += 1
    return out


# caramba: runas reverse(np.random.randn(N))
@njit
def reverse(x):
    n = x.shape[0]
    out = np.empty(n)
    k = 0
    for i in range(n - 1, -1, -1):
        out[k] = x[i]
        k += 1
    return out


# caramba: runas autocorr(np.random.randn(N), 16)
@njit
def autocorr(x, maxlag):
    n = len(x)
    r = np.zeros(maxlag + 1)
    for lag in range(maxlag + 1):
        s = 0.0
        for i in range(n - lag):
            s += x[i] * x[i + lag]
        r[lag] = s / n
    return r


# caramba: runas zero_crossings(np.sin(np.linspace(0.0, 40.0, N)))
@njit
def zero_crossings(x):
    count = 0
    prev_sign = 1 if x[0] >= 0 else -1
    for i in range(1, x.shape[0]):
        sign = 1 if x[i] >= 0 else -1
        if sign != prev_sign:
            count += 1
        prev_sign = sign
    return count


if __name__ == "__main__":
    s = np.sin(np.linspace(0, 10, 100))
    print(fir(s, np.ones(3) / 3)[:4], zero_crossings(s), reverse(s)[:2])
