# Kernels defined inside functions and blocks become top-level kernels; the
# def left in place keeps the name and signature and calls the lifted one.
import numpy as np
from numba import njit, prange


def make_scaler(factor):
    @njit
    def scale(a):
        out = np.empty_like(a)
        for i in range(a.shape[0]):
            out[i] = factor * a[i]
        return out
    return scale


def make_band(lo, width):
    hi = lo + width  # bound once, before the kernel: passed by the def

    @njit(parallel=True)
    def count_in_band(x, ):
        c = 0
        for i in prange(x.shape[0]):
            if lo <= x[i] and x[i] < hi:
                c += 1
        return c
    return count_in_band


def main():
    @njit
    def norm(v):
        s = 0.0
        for i in range(v.shape[0]):
            s += v[i] * v[i]
        return np.sqrt(s)

    print(norm(np.ones(3)))


if __name__ == "__main__":
    @njit
    def total(v):
        s = 0.0
        for i in range(v.shape[0]):
            s += v[i]
        return s

    main()
    print(total(np.ones(3)))
