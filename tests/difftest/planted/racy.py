"""A prange kernel on which compiled Numba and pure Python disagree for sure:
the int64 product wraps under Numba, not in Python. Stands in for a racy
original: difftest must re-run it with NUMBA_DISABLE_JIT=1 and say whether the
translation equals pure Python."""
from numba import njit, prange


# caramba: runas power3(50)
@njit(parallel=True)
def power3(n):
    x = 1
    for i in prange(n):
        x *= 3
    return x
