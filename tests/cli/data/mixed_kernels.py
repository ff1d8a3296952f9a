# Every Numba spelling Caramba must find (tests/cli/test_cli.sh checks the lines).
import numba
import numba as nb
from numba import njit, jit, prange, vectorize
from numba import njit as fast
from numba.experimental import jitclass


@njit
def plain(a):  # line 10
    return a[0]


@nb.njit(parallel=True, fastmath=True)
def par(a, n):  # line 15
    s = 0.0
    for i in prange(n):  # line 17
        s += a[i]
    return s


@fast("float64(float64[:, ::1], int64)", cache=True)
def eager(a, n):  # line 23
    return a[0, 0] * n


@numba.jit(nopython=True, nogil=True)
def jit_np(x):  # line 28
    return x + 1


@vectorize(["float64(float64)"])
def vec(x):  # line 33
    return 2.0 * x


def factory():
    @njit(boundscheck=True)
    def nested(x):  # line 39
        return x
    return nested


class Holder:
    @staticmethod
    @njit(inline="always")
    def method(x):  # line 47
        return x


@jitclass([("x", numba.float64)])
class Spec:  # line 52
    def __init__(self):
        self.x = 0.0


def wrapped(x):  # line 57
    return x


wrapped_jit = njit(wrapped)
