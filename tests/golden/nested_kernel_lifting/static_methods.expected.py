import numpy as np
from numba import njit

DX = 0.5


# A static method of a module-level class reads its parameters and the
# module's names, as a module-level function does: it is lifted, and the
# class keeps a static method that calls it.
# a static method of Quadrature
@njit
def Quadrature_trapezoid(y):
    s = 0.0
    for i in range(y.shape[0] - 1):
        s += 0.5 * (y[i] + y[i + 1]) * DX
    return s


# a static method of Quadrature
@njit(parallel=True)
def Quadrature_midpoints(y, out):
    for i in range(y.shape[0] - 1):
        out[i] = 0.5 * (y[i] + y[i + 1])


class Quadrature:
    @staticmethod
    def trapezoid(y):
        return Quadrature_trapezoid(y)

    @staticmethod
    def midpoints(y, out):
        return Quadrature_midpoints(y, out)


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
