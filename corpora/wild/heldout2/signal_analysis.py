"""Signal analysis loops from audio and sensor code: autocorrelation, moving median, Goertzel, biquads.

The autocorrelation is normalised by the zero lag; the moving median keeps a sorted window and
inserts/removes with a linear shift; Goertzel computes the power at one frequency bin; a direct-form-I
biquad runs a recursive filter; zero crossings are counted with a sign test.
"""
import math
import numpy as np
from numba import njit, prange


def tone(n, f=0.05, seed=0):
    r = np.random.default_rng(seed)
    t = np.arange(n)
    return np.sin(2 * np.pi * f * t) + 0.3 * r.standard_normal(n)


# caramba: sizes N=64,2000
# caramba: runas autocorrelation(tone(N), 20)
@njit(parallel=True)
def autocorrelation(x, max_lag):
    n = x.shape[0]
    mean = 0.0
    for i in range(n):
        mean += x[i]
    mean /= n
    ac = np.zeros(max_lag + 1)
    for lag in prange(max_lag + 1):
        s = 0.0
        for i in range(n - lag):
            s += (x[i] - mean) * (x[i + lag] - mean)
        ac[lag] = s
    return ac / ac[0]


# caramba: runas moving_median(tone(N), 7)
@njit
def moving_median(x, w):
    n = len(x)
    out = np.empty(n - w + 1)
    window = np.sort(x[:w])
    out[0] = window[w // 2]
    for i in range(w, n):
        old = x[i - w]
        # remove old
        k = 0
        while window[k] != old:
            k += 1
        while k < w - 1:
            window[k] = window[k + 1]
            k += 1
        # insert new, keeping the window sorted
        new = x[i]
        k = w - 1
        while k > 0 and window[k - 1] > new:
            window[k] = window[k - 1]
            k -= 1
        window[k] = new
        out[i - w + 1] = window[w // 2]
    return out


# caramba: runas goertzel_power(tone(N, 0.125), 0.125)
@njit(fastmath=False)
def goertzel_power(x, freq):
    w = 2.0 * math.pi * freq
    coeff = 2.0 * math.cos(w)
    s_prev = 0.0
    s_prev2 = 0.0
    for sample in x:
        s = sample + coeff * s_prev - s_prev2
        s_prev2 = s_prev
        s_prev = s
    return s_prev2 * s_prev2 + s_prev * s_prev - coeff * s_prev * s_prev2


# caramba: runas goertzel_bank(tone(N, 0.1), np.linspace(0.01, 0.49, 16))
@njit(parallel=True)
def goertzel_bank(x, freqs):
    out = np.empty(freqs.shape[0])
    for k in prange(freqs.shape[0]):
        coeff = 2.0 * math.cos(2.0 * math.pi * freqs[k])
        s1 = 0.0
        s2 = 0.0
        for i in range(x.shape[0]):
            s0 = x[i] + coeff * s1 - s2
            s2 = s1
            s1 = s0
        out[k] = s2 * s2 + s1 * s1 - coeff * s1 * s2
    return out


# caramba: runas biquad(tone(N), np.array([0.2, 0.4, 0.2]), np.array([1.0, -0.5, 0.25]))
@njit
def biquad(x, b, a):
    y = np.zeros_like(x)
    x1 = x2 = y1 = y2 = 0.0
    for n in range(x.shape[0]):
        y[n] = (b[0] * x[n] + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2) / a[0]
        x2, x1 = x1, x[n]
        y2, y1 = y1, y[n]
    return y


# caramba: runas zero_crossings(tone(N))
@njit
def zero_crossings(x):
    count = 0
    for i in range(1, len(x)):
        if (x[i - 1] >= 0) != (x[i] >= 0):
            count += 1
    return count


if __name__ == "__main__":
    x = tone(500)
    print(autocorrelation(x, 10)[:3], moving_median(x, 7)[:3])
    print(goertzel_power(tone(256, 0.125), 0.125), goertzel_bank(x, np.linspace(0.01, 0.49, 4)))
    print(biquad(x, np.array([0.2, 0.4, 0.2]), np.array([1.0, -0.5, 0.25]))[:3], zero_crossings(x))
