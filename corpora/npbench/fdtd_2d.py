"""2-D finite-difference time domain (PolyBench fdtd-2d): the electric field
components ex, ey and the magnetic field hz updated in turn each step, with a
source term written into the first row."""
import numpy as np
import numba as nb


def initialize(TMAX, NX, NY, datatype=np.float64):
    ex = np.fromfunction(lambda i, j: (i * (j + 1)) / NX, (NX, NY), dtype=datatype)
    ey = np.fromfunction(lambda i, j: (i * (j + 2)) / NY, (NX, NY), dtype=datatype)
    hz = np.fromfunction(lambda i, j: (i * (j + 3)) / NX, (NX, NY), dtype=datatype)
    _fict_ = np.fromfunction(lambda i: i, (TMAX,), dtype=datatype)
    return TMAX, ex, ey, hz, _fict_


# caramba: sizes N=100,62500
# caramba: runas kernel(*initialize(8, N2, N2 + 10))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(TMAX, ex, ey, hz, _fict_):
    for t in range(TMAX):
        ey[0, :] = _fict_[t]
        ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
        ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
        hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])
