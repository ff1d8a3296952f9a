# Kernels defined inside functions and blocks become top-level kernels; the
# def left in place keeps the name and signature and calls the lifted one.
import numpy as np
from numba import njit, prange


@njit
def make_scaler_scale(a, factor):
    out = np.empty_like(a)
    for i in range(a.shape[0]):
        out[i] = factor * a[i]
    return out


def make_scaler(factor):
    def scale(a):
        return make_scaler_scale(a, factor)
    return scale


@njit(parallel=True)
def make_band_count_in_band(x, lo, hi):
    c = 0
    for i in prange(x.shape[0]):
        if lo <= x[i] and x[i] < hi:
            c += 1
    return c


def make_band(lo, width):
    hi = lo + width  # bound once, before the kernel: passed by the def

    def count_in_band(x, ):
        return make_band_count_in_band(x, lo, hi)
    return count_in_band


@njit
def main_norm(v):
    s = 0.0
    for i in range(v.shape[0]):
        s += v[i] * v[i]
    return np.sqrt(s)


def main():
    def norm(v):
        return main_norm(v)

    print(norm(np.ones(3)))


@njit
def total_kernel(v):
    s = 0.0
    for i in range(v.shape[0]):
        s += v[i]
    return s


if __name__ == "__main__":
    def total(v):
        return total_kernel(v)

    main()
    print(total(np.ones(3)))
