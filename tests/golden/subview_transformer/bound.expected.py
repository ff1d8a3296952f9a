# This case tests the one-workunit model.
# caramba-options: --no-phases
# Slices and rows bound to names become subviews with plain-name indices:
# constant and computed indices and slice bounds go into `_pk_sv`
# temporaries with Python's rules (negative wrap, clamping, empty slices),
# open bounds become 0 / the extent, missing dimensions `:`.
from numba import njit, prange


@njit(parallel=True)
def bound(m, out, lo, hi):
    for i in prange(m.extent(0)):
        row = m[i, :]
        _pk_sv0 = lo
        if _pk_sv0 < 0:
            _pk_sv0 = _pk_sv0 + int(row.extent(0))
            if _pk_sv0 < 0:
                _pk_sv0 = 0
        if _pk_sv0 > int(row.extent(0)):
            _pk_sv0 = int(row.extent(0))
        _pk_sv1 = hi
        if _pk_sv1 < 0:
            _pk_sv1 = _pk_sv1 + int(row.extent(0))
            if _pk_sv1 < 0:
                _pk_sv1 = 0
        if _pk_sv1 > int(row.extent(0)):
            _pk_sv1 = int(row.extent(0))
        if _pk_sv1 < _pk_sv0:
            _pk_sv1 = _pk_sv0
        window = row[_pk_sv0:_pk_sv1]
        _pk_sv2 = 0
        _pk_sv3 = 3
        if _pk_sv3 > int(m.extent(1)):
            _pk_sv3 = int(m.extent(1))
        head = m[i, _pk_sv2:_pk_sv3]
        _pk_sv4 = int(m.extent(1)) - 2
        if _pk_sv4 < 0:
            _pk_sv4 = 0
        _pk_sv5 = m.extent(1)
        if _pk_sv5 < _pk_sv4:
            _pk_sv5 = _pk_sv4
        tail = m[i, _pk_sv4:_pk_sv5]
        _pk_sv6 = 1
        if _pk_sv6 > int(row.extent(0)):
            _pk_sv6 = int(row.extent(0))
        _pk_sv7 = int(row.extent(0)) - 1
        if _pk_sv7 < 0:
            _pk_sv7 = 0
        if _pk_sv7 < _pk_sv6:
            _pk_sv7 = _pk_sv6
        inner = row[_pk_sv6:_pk_sv7]
        _pk_sv8 = int(m.extent(0)) - 1
        last = m[_pk_sv8, :]
        t = 0.0
        for j in range(window.extent(0)):
            t += window[j]
        for j in range(head.extent(0)):
            t -= 0.5 * head[j] + tail[j % 2]
        for j in range(inner.extent(0)):
            inner[j] = inner[j] + last[j]
        out[i] = t


@njit
def column(m, j, out):
    _pk_sv0 = 1
    if _pk_sv0 > int(m.extent(0)):
        _pk_sv0 = int(m.extent(0))
    _pk_sv1 = int(m.extent(0)) - 1
    if _pk_sv1 < 0:
        _pk_sv1 = _pk_sv1 + int(m.extent(0))
        if _pk_sv1 < 0:
            _pk_sv1 = 0
    if _pk_sv1 > int(m.extent(0)):
        _pk_sv1 = int(m.extent(0))
    if _pk_sv1 < _pk_sv0:
        _pk_sv1 = _pk_sv0
    col = m[_pk_sv0:_pk_sv1, j]
    for k in range(col.extent(0)):
        out[k] = col[k]
