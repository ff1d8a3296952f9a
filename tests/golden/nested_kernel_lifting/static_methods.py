import numpy as np
from numba import njit

DX = 0.5


# A static method of a module-level class reads its parameters and the
# module's names, as a module-level function does: it is lifted, and the
# class keeps a static method that calls it.
class Quadrature:
    @staticmethod
    @njit
    def trapezoid(y):
        s = 0.0
        for i in range(y.shape[0] - 1):
            s += 0.5 * (y[i] + y[i + 1]) * DX
        return s

    @staticmethod
    @njit(parallel=True)
    def midpoints(y, out):
        for i in range(y.shape[0] - 1):
            out[i] = 0.5 * (y[i] + y[i + 1])


def make_solver():
    # A class inside a function: stays Numba code.
    class Local:
        @staticmethod
        @njit
        def total(y):
            s = 0.0
            for i in range(y.shape[0]):
                s += y[i]
            return s
    return Local
