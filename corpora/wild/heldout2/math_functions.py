"""Special and elementary functions from the math module and their NumPy twins, inside kernels.

erf/erfc for a normal CDF, gamma and lgamma for a log-binomial coefficient, hypot and atan2 for polar
coordinates, copysign and np.fmod (math.fmod is missing in Numba), isnan/isinf filtering, floor/ceil/trunc/round into integer indices,
a base-2 log by division (math.log takes no base in Numba), expm1/log1p for small arguments, and np.sign / np.fabs on scalars with a min/max clamp (np.clip takes arrays only in Numba).
"""
import math
import numpy as np
from numba import njit, prange


# caramba: runas normal_cdf(rng.standard_normal(N) * 3)
@njit(parallel=True)
def normal_cdf(x):
    out = np.empty_like(x)
    for i in prange(x.shape[0]):
        out[i] = 0.5 * math.erfc(-x[i] / math.sqrt(2.0))
    return out


# caramba: runas log_binomial(rng.integers(1, 200, N), 0.3)
@njit
def log_binomial(n, p):
    out = np.empty(n.shape[0])
    for i in range(n.shape[0]):
        k = n[i] // 2
        out[i] = (math.lgamma(n[i] + 1) - math.lgamma(k + 1) - math.lgamma(n[i] - k + 1)
                  + k * math.log(p) + (n[i] - k) * math.log1p(-p))
    return out


# caramba: runas gamma_ratio(rng.random(N) * 5 + 0.5)
@njit
def gamma_ratio(x):
    out = np.empty_like(x)
    for i in range(len(x)):
        out[i] = math.gamma(x[i] + 0.5) / math.gamma(x[i])
    return out


# caramba: runas to_polar(rng.standard_normal((N, 2)))
@njit
def to_polar(xy):
    out = np.empty_like(xy)
    for i in range(xy.shape[0]):
        out[i, 0] = math.hypot(xy[i, 0], xy[i, 1])
        out[i, 1] = math.atan2(xy[i, 1], xy[i, 0])
    return out


# caramba: runas sign_tricks(rng.standard_normal(N) * 10)
@njit
def sign_tricks(x):
    out = np.empty((x.shape[0], 4))
    for i in range(x.shape[0]):
        out[i, 0] = math.copysign(1.0, x[i])
        out[i, 1] = np.fmod(x[i], 3.0)
        out[i, 2] = np.sign(x[i])
        out[i, 3] = np.fabs(x[i]) + min(max(x[i], -1.0), 1.0)
    return out


# caramba: runas finite_mean(np.where(rng.random(N) < 0.1, np.nan, np.where(rng.random(N) < 0.05, np.inf, rng.random(N))))
@njit
def finite_mean(x):
    s = 0.0
    n = 0
    for v in x:
        if math.isnan(v) or math.isinf(v):
            continue
        s += v
        n += 1
    return s / n if n > 0 else np.nan


# caramba: runas rounding_indices(rng.standard_normal(N) * 50)
@njit
def rounding_indices(x):
    out = np.empty((x.shape[0], 4), dtype=np.int64)
    for i in range(x.shape[0]):
        out[i, 0] = math.floor(x[i])
        out[i, 1] = math.ceil(x[i])
        out[i, 2] = math.trunc(x[i])
        out[i, 3] = round(x[i])
    return out


# caramba: runas log_bases(rng.random(N) * 1000 + 1)
@njit
def log_bases(x):
    out = np.empty((len(x), 4))
    for i in range(len(x)):
        out[i, 0] = math.log(x[i]) / math.log(2.0)
        out[i, 1] = math.log10(x[i])
        out[i, 2] = np.log2(x[i])
        out[i, 3] = math.expm1(1e-3 / x[i]) + math.log1p(1e-3 / x[i])
    return out


# caramba: runas angle_wrap(rng.standard_normal(N) * 20)
@njit
def angle_wrap(theta):
    out = np.empty_like(theta)
    for i in range(theta.shape[0]):
        a = np.fmod(theta[i] + math.pi, 2 * math.pi)
        if a < 0:
            a += 2 * math.pi
        out[i] = math.degrees(a - math.pi)
    return out


if __name__ == "__main__":
    x = np.random.randn(10)
    print(normal_cdf(x)[:2], log_binomial(np.arange(1, 5), 0.3), gamma_ratio(np.random.rand(3) + 1))
    print(to_polar(np.random.randn(2, 2)), sign_tricks(x)[:2], finite_mean(np.array([1.0, np.nan, 3.0])))
    print(rounding_indices(np.array([-2.5, 2.5, 1.5])), log_bases(np.array([8.0])), angle_wrap(x)[:2])
