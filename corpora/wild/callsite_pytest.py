"""Kernels with their pytest tests in the same file, as small libraries keep them: the test functions
build the inputs and call the kernels. No run markers and no recorded types: the types come from the
calls in the tests (int64 counts clipped in place, int32 labels relabelled).
"""
import numpy as np
from numba import njit


@njit
def clip_counts(c, lo, hi):
    for i in range(c.shape[0]):
        if c[i] < lo:
            c[i] = lo
        elif c[i] > hi:
            c[i] = hi


@njit
def relabel(labels, offset):
    out = np.empty_like(labels)
    for i in range(labels.shape[0]):
        out[i] = (labels[i] + offset) % 7
    return out


def test_clip_counts_bounds():
    c = np.arange(-5, 15)
    clip_counts(c, 0, 9)
    assert c.min() == 0 and c.max() == 9


def test_relabel_stays_in_range():
    labels = np.zeros(100, dtype=np.int32)
    labels[::3] = 5
    out = relabel(labels, 4)
    assert out.dtype == np.int32
    assert out.max() < 7
