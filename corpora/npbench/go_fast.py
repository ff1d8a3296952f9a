"""The "go fast" example from Numba's five-minute guide: a trace of tanh over
the diagonal, broadcast onto the whole array. NPBench times it as a
micro-benchmark."""
import numpy as np
import numba as nb
from numba import jit


def initialize(N):
    rng = np.random.default_rng(42)
    return (rng.random((N, N)),)


# caramba: sizes N=100,1000000
# caramba: runas go_fast(*initialize(N2))
@jit(nopython=True)
def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace


# caramba: runas go_fast_parallel(*initialize(N2))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def go_fast_parallel(a):
    trace = 0.0
    for i in nb.prange(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace
