# This case tests the one-workunit model.
# caramba-options: --no-phases
# Slices and rows bound to names become subviews with plain-name indices:
# constant and computed indices and slice bounds go into `_pk_sv`
# temporaries with Python's rules (negative wrap, clamping, empty slices),
# open bounds become 0 / the extent, missing dimensions `:`.
from numba import njit, prange


@njit(parallel=True)
def bound(m, out, lo, hi):
    for i in prange(m.shape[0]):
        row = m[i]
        window = row[lo:hi]
        head = m[i, :3]
        tail = m[i, -2:]
        inner = row[1:-1]
        last = m[-1]
        t = 0.0
        for j in range(window.shape[0]):
            t += window[j]
        for j in range(len(head)):
            t -= 0.5 * head[j] + tail[j % 2]
        for j in range(inner.shape[0]):
            inner[j] = inner[j] + last[j]
        out[i] = t


@njit
def column(m, j, out):
    col = m[1:m.shape[0] - 1, j]
    for k in range(col.shape[0]):
        out[k] = col[k]
