"""Kernels defined inside functions, as real projects write them: factories
that close over a parameter or a local they computed, a kernel built and
called inside main(), one defined under `if __name__ == "__main__":`, a static
method of a class, and the shapes that stay Numba code (a closure over an
array, a closure rebound in a loop)."""
import numpy as np
from numba import njit, prange


def make_summer():
    @njit
    def total(x):
        s = 0.0
        for i in range(x.shape[0]):
            s += x[i]
        return s
    return total


summer = make_summer()
# caramba: runas summer(rng.random(N))


def make_axpy(alpha):
    # alpha is frozen into the kernel when it compiles.
    @njit(parallel=True)
    def axpy(x, y):
        out = np.empty_like(x)
        for i in prange(x.shape[0]):
            out[i] = alpha * x[i] + y[i]
        return out
    return axpy


axpy_half = make_axpy(0.5)
# caramba: runas axpy_half(rng.random(N), rng.random(N))


def make_clipper(lo, width):
    hi = lo + width

    @njit
    def clip_into(a, out):
        for i in range(a.shape[0]):
            v = a[i]
            if v < lo:
                v = lo
            elif v > hi:
                v = hi
            out[i] = v
    return clip_into


clip_unit = make_clipper(0.25, 0.5)
# caramba: runas clip_unit(rng.random(N), np.zeros(N))


def make_window_mean(w):
    @njit
    def window_mean(x):
        n = x.shape[0] - w + 1
        out = np.zeros(n)
        for i in range(n):
            acc = 0.0
            for j in range(w):
                acc += x[i + j]
            out[i] = acc / w
        return out
    return window_mean


mean3 = make_window_mean(3)
# caramba: runas mean3(rng.random(N))


def make_shifted(table):
    # Numba freezes a copy of the array: stays Numba code.
    @njit
    def shifted(x):
        out = np.empty_like(x)
        for i in range(x.shape[0]):
            out[i] = x[i] + table[i % table.shape[0]]
        return out
    return shifted


shift_by_ramp = make_shifted(np.arange(4.0))
# caramba: runas shift_by_ramp(rng.random(N))


def make_scalers():
    scalers = []
    for f in (1.0, 2.0):
        # f is rebound by the loop: stays Numba code.
        @njit
        def scale(x):
            return x * f
        scalers.append(scale)
    return scalers


# caramba: runas Integrator.trapezoid(rng.random(N), 0.01)
class Integrator:
    # A static method: reads only its parameters and the module's names.
    @staticmethod
    @njit
    def trapezoid(y, dx):
        s = 0.0
        for i in range(y.shape[0] - 1):
            s += 0.5 * (y[i] + y[i + 1]) * dx
        return s


def main():
    n = 1000

    @njit
    def squares(k):
        out = np.empty(k)
        for i in range(k):
            out[i] = i * i
        return out

    print(squares(n).sum())


if __name__ == "__main__":
    @njit
    def norm2(v):
        s = 0.0
        for i in range(v.shape[0]):
            s += v[i] * v[i]
        return np.sqrt(s)

    main()
    print(norm2(np.ones(10)))
