"""A prange kernel whose iterations update shared elements (CRB406: the
translator performs the updates atomically), on which compiled Numba and pure
Python disagree for sure: `i * 2**62` wraps in int64 under Numba, not in
Python (`% 7` keeps the values small). difftest must judge the translation
against the serial original (NUMBA_DISABLE_JIT=1), not Numba's parallel answer."""
import numpy as np
from numba import njit, prange


# caramba: runas wrapped_counts(np.arange(40) % 3, np.zeros(3, dtype=np.int64))
@njit(parallel=True)
def wrapped_counts(idx, hist):
    for i in prange(idx.shape[0]):
        hist[idx[i]] += (i * 4611686018427387904) % 7
